"""The players page: everyone who has played, with their records and charts."""
