"""Dialogs the menus open: the score sheet to print, help, about."""
