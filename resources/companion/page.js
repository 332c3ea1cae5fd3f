"use strict";
(() => {
  const WORDS = JSON.parse(document.getElementById("words").textContent);
  const HAND_SIZE = 10;
  const $ = (id) => document.getElementById(id);
  const SAVED_LANGUAGE = "phase10-keeper-language";
  const SAVED_TV = "phase10-keeper-tv";
  // The key of the link this phone opened, kept to open a new session when the table
  // starts again (sessions end with the process; the links outlive it).
  const SAVED_KEY = "phase10-keeper-key";
  // The scoreboard's link opened on a screen this wide is taken for a TV across the room.
  const WIDE = matchMedia("(min-width: 75rem)");
  // A phone that asks for less motion is taken to the entry at once, not scrolled there.
  const CALM = matchMedia("(prefers-reduced-motion: reduce)");

  let language = "en";
  let session = null;
  let game = null;
  let target = null;
  let drafts = {};
  let draftsHand = null;
  let stream = null;
  let retryDelay = 1;
  let retryTimer = null;
  let closed = false;
  // The table's process ended with its sharing kept (a quit, a restart): the links still
  // hold, and the page waits for the table to come back rather than take it for closed.
  let away = false;
  // Entries not yet taken by the table, by player: kept on the phone (they outlive a
  // reload) until the table answers. Each names the hand and revision it was made for.
  const OUTBOX = "phase10-keeper-outbox";
  let outbox = {};
  let keptCount = 0;
  // Players whose kept entry reached the table after its hand was recorded: the hand.
  const tooLateFor = {};

  // Words

  function text(key, values) {
    const entry = (WORDS[language] && WORDS[language][key]) ?? WORDS.en[key];
    if (typeof entry !== "string") return key;
    return fill(entry, values || {});
  }
  function count(key, n, values) {
    const entry = (WORDS[language] && WORDS[language][key]) ?? WORDS.en[key];
    if (!entry || typeof entry === "string") return text(key, values);
    const category = new Intl.PluralRules(language).select(n);
    const form = entry[category] ?? entry.other ?? entry.many;
    return fill(form, { ...(values || {}), count: n });
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, name) =>
      name in values ? String(values[name]) : whole,
    );
  }
  function chooseLanguage() {
    const saved = localStorage.getItem(SAVED_LANGUAGE);
    if (saved && WORDS[saved]) return saved;
    for (const wanted of navigator.languages || [navigator.language]) {
      const code = String(wanted).split("-")[0].toLowerCase();
      if (WORDS[code]) return code;
    }
    return session && WORDS[session.language] ? session.language : "en";
  }

  // Talking to the table

  async function call(method, path, body, headers) {
    const options = { method, credentials: "same-origin", headers: { ...headers } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const separator = path.includes("?") ? "&" : "?";
    const response = await fetch(`${path}${separator}lang=${language}`, options);
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    return { status: response.status, data };
  }

  function keptKey() {
    try {
      return localStorage.getItem(SAVED_KEY);
    } catch (error) {
      return null;
    }
  }

  function exchange(key) {
    return call("POST", "/api/session", undefined, { Authorization: `Bearer ${key}` });
  }

  async function join() {
    const key = new URLSearchParams(location.hash.slice(1)).get("key");
    let answer;
    let renewed = false;
    try {
      answer = key ? await exchange(key) : await call("GET", "/api/session");
      if (!key && answer.status === 401 && keptKey()) {
        renewed = true;
        answer = await exchange(keptKey());
      }
    } catch (error) {
      return showClosed();
    }
    if (key) history.replaceState(null, "", location.pathname);
    if (answer.status !== 200) {
      if (answer.status === 429) return showNotice("phones.no_key_title", "phones.slowed_text");
      // The key kept from an earlier visit opens nothing now: the keeper stopped sharing.
      if (renewed) {
        localStorage.removeItem(SAVED_KEY);
        return showClosed();
      }
      return showNotice("phones.no_key_title", key ? "phones.bad_key_text" : "phones.no_key_text");
    }
    if (key) localStorage.setItem(SAVED_KEY, key);
    session = answer.data;
    loadOutbox();
    setLanguage(chooseLanguage());
    listen();
  }

  function listen() {
    if (closed) return;
    if (stream) stream.close();
    stream = new EventSource(`/api/events?lang=${language}`);
    stream.addEventListener("game", (event) => {
      retryDelay = 1;
      away = false;
      noteConnection("ok");
      heard();
      show(JSON.parse(event.data));
      deliverAll();
    });
    stream.addEventListener("alive", heard);
    stream.addEventListener("closed", () => showClosed());
    stream.addEventListener("away", () => {
      away = true;
      dropped();
    });
    stream.onerror = dropped;
  }

  // A phone that loses its Wi-Fi is not told so: a line that stays silent for longer than
  // the table's heartbeat is taken for dead.
  let watchdog = null;
  function heard() {
    clearTimeout(watchdog);
    watchdog = setTimeout(dropped, session.heartbeat * 2500);
  }

  function dropped() {
    clearTimeout(watchdog);
    if (stream) stream.close();
    stream = null;
    if (!closed) lost();
  }

  // Tried again soon (a phone back on the network must show the hand within seconds),
  // and at once when the browser says the network is back.
  function lost() {
    const seconds = retryDelay;
    noteConnection(!navigator.onLine ? "offline" : away ? "away" : "lost", seconds);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(catchUp, seconds * 1000);
    retryDelay = Math.min(retryDelay * 2, 8);
  }

  // One request both asks whether the session still holds and brings the table as it
  // is now; the entries kept meanwhile go, then the stream follows from there.
  async function catchUp() {
    clearTimeout(retryTimer);
    let answer;
    try {
      answer = await call("GET", "/api/game");
    } catch (error) {
      return lost();
    }
    // The session is gone with the table's process: the key kept opens a new one, unless
    // the keeper stopped sharing (new codes).
    if (answer.status === 401) return renewSession();
    if (answer.status !== 200) return lost();
    retryDelay = 1;
    away = false;
    noteConnection("ok");
    show(answer.data);
    deliverAll();
    listen();
  }

  async function renewSession() {
    const key = keptKey();
    let answer = { status: 401 };
    try {
      if (key) answer = await exchange(key);
    } catch (error) {
      return lost();
    }
    if (answer.status === 200) {
      session = answer.data;
      return catchUp();
    }
    if (answer.status === 401 || answer.status === 403) {
      localStorage.removeItem(SAVED_KEY);
      return showClosed();
    }
    return lost();
  }

  window.addEventListener("offline", () => {
    if (closed || !session) return;
    clearTimeout(watchdog);
    if (stream) stream.close();
    stream = null;
    clearTimeout(retryTimer);
    noteConnection("offline");
  });
  window.addEventListener("online", () => {
    if (closed || !session) return;
    retryDelay = 1;
    catchUp();
  });

  // What the page says of its line: offline, lost (and when it tries again), and back.
  let lineState = "ok";
  let calmTimer = null;
  function noteConnection(state, seconds) {
    const note = $("connection");
    clearTimeout(calmTimer);
    if (state === "ok") {
      if (lineState === "ok") return;
      note.textContent = text("phones.online_again");
      note.className = "connection good";
      calmTimer = setTimeout(() => {
        note.hidden = true;
      }, 6000);
    } else {
      note.textContent = {
        offline: () => text("phones.offline"),
        away: () => text("phones.away"),
        lost: () => count("phones.lost", seconds),
      }[state]();
      note.className = "connection";
    }
    note.hidden = false;
    lineState = state;
  }

  // Another code opened in the same tab changes only the fragment: start again with it.
  window.addEventListener("hashchange", () => location.reload());

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !stream && session && !closed) catchUp();
  });

  // What the page shows

  function showNotice(titleKey, textKey) {
    $("closed").hidden = false;
    $("closed-title").textContent = text(titleKey);
    $("closed-text").textContent = text(textKey);
    $("entry").hidden = true;
    $("keeper").hidden = true;
    $("standings").hidden = !game;
    wordPage();
  }

  function showClosed() {
    closed = true;
    clearTimeout(watchdog);
    if (stream) stream.close();
    clearTimeout(retryTimer);
    clearTimeout(calmTimer);
    $("connection").hidden = true;
    for (const button of document.querySelectorAll("main button, main select")) {
      button.disabled = true;
    }
    showNotice("phones.closed_title", "phones.closed_text");
  }

  function setLanguage(code) {
    language = code;
    document.documentElement.lang = code;
    const select = $("language");
    select.replaceChildren(
      ...Object.keys(WORDS).map((each) => {
        const option = document.createElement("option");
        option.value = each;
        option.textContent = WORDS[each]["language.name"];
        option.selected = each === code;
        return option;
      }),
    );
    wordPage();
    if (game) show(game);
  }

  $("language").addEventListener("change", (event) => {
    localStorage.setItem(SAVED_LANGUAGE, event.target.value);
    setLanguage(event.target.value);
    listen();
  });

  function wordPage() {
    $("language-label").textContent = text("phones.language");
    $("standings-title").textContent = text("phones.standings");
    $("col-rank").textContent = text("phones.col_rank");
    $("col-player").textContent = text("phones.col_player");
    $("col-phase").textContent = text("phones.col_phase");
    $("col-total").textContent = text("phones.col_total");
    $("went-out").textContent = text("phones.went_out");
    $("made-label").textContent = text("phones.made_question");
    $("made").textContent = text("phones.made");
    $("missed").textContent = text("phones.missed");
    $("phase-label").textContent = text("phones.phase_attempted");
    $("cards-title").textContent = text("phones.cards_left");
    $("by-points").textContent = text("phones.by_points");
    $("points-label").textContent = text("phones.points_label");
    $("clear").textContent = text("phones.clear");
    $("undo").textContent = text("phones.undo");
    $("tv").textContent = text("phones.tv");
    if (session) {
      const who = {
        keeper: () => text("phones.keeper_you"),
        viewer: () => text("phones.viewer_you"),
        player: () => text("phones.you_are", { name: session.player }),
      }[session.role];
      $("who").textContent = who();
      document.body.classList.toggle("viewer", session.role === "viewer");
      showAsTv();
    }
  }

  // The scoreboard as a TV shows it: the standings filling the screen in type read
  // across the room. Chosen by the width of the screen unless chosen on the page.
  function showAsTv() {
    const viewer = session && session.role === "viewer";
    const saved = localStorage.getItem(SAVED_TV);
    const tv = viewer && (saved === null ? WIDE.matches : saved === "on");
    $("tv").hidden = !viewer;
    press($("tv"), tv);
    document.body.classList.toggle("tv", tv);
  }
  WIDE.addEventListener("change", showAsTv);
  $("tv").addEventListener("click", () => {
    const on = !document.body.classList.contains("tv");
    localStorage.setItem(SAVED_TV, on ? "on" : "off");
    showAsTv();
  });

  function show(data) {
    // An answer and the table's events travel apart: an older game never covers a newer.
    if (game && data.revision < game.revision) return;
    // A hand recorded is said aloud to those who listen to the page rather than look.
    if (game && data.hands_played > game.hands_played) {
      $("announce").textContent = text("phones.recorded", { hand: data.hands_played });
    }
    game = data;
    if (draftsHand !== game.hand) {
      drafts = {};
      draftsHand = game.hand;
    }
    for (const [name, kept] of Object.entries(outbox)) {
      if (kept.hand !== game.hand) tooLate(name, kept);
      else if (!drafts[name]) drafts[name] = { ...fromPending(null), ...kept.draft, kept: true };
    }
    const title = game.title || text("phones.title_default");
    $("title").textContent = title;
    document.title = title;
    $("status").textContent = game.status_text;
    if (closed) return;
    showStandings();
    const playing = game.participants;
    const entering = session.role === "player" || session.role === "keeper";
    if (session.role === "player") target = session.player;
    else if (session.role === "keeper" && !playing.includes(target)) {
      target = playing.find((name) => !(name in game.pending)) ?? playing[0] ?? null;
    }
    $("entry").hidden = !entering;
    if (entering) showEntry();
    $("keeper").hidden = session.role !== "keeper";
    if (session.role === "keeper") showKeeper();
  }

  function showStandings() {
    const rows = game.ranking.map((name, index) => {
      const player = game.players.find((each) => each.name === name);
      const row = document.createElement("tr");
      if (session.role === "player" && name === session.player) row.className = "me";
      if (player.seated === false) row.className = "gone";
      const rank = cell("td", String(index + 1), "rank");
      const who = cell("td", "");
      who.append(span(name, "player-name"));
      const badges = [];
      if (name === game.winner) badges.push([text("phones.winner"), "badge winner"]);
      if (name === game.dealer) badges.push([text("phones.deals"), "badge"]);
      if (name === game.first_player) badges.push([text("phones.plays_first"), "badge"]);
      if (game.status === "tiebreak" && game.tiebreak_players.includes(name)) {
        badges.push([text("phones.replays"), "badge"]);
      }
      if (player.seated === false) badges.push([text("phones.left"), "badge"]);
      if (badges.length) who.append(document.createElement("br"));
      for (const [label, kind] of badges) who.append(span(label, kind));
      const phase = cell("td", "", "phase");
      const replaying = game.status === "tiebreak" && game.tiebreak_players.includes(name);
      const label = player.phase ?? (replaying ? game.replay_phase : null);
      if (game.status === "tiebreak" && !replaying) {
        phase.append(span(text("phones.sits_out")));
      } else if (label !== null && label !== undefined) {
        phase.append(span(text("phones.phase", { phase: label })));
        phase.append(span(game.phases[String(label)], "asks"));
      } else if (game.status === "in_progress" && player.seated !== false) {
        phase.append(span(text("phones.chooses")));
      }
      phase.append(span(count("phones.done", player.completed.length), "asks"));
      const total = cell("td", String(player.total), "total number");
      row.append(rank, who, phase, total);
      return row;
    });
    $("rows").replaceChildren(...rows);
    // The TV's type is fitted to the rows it has to show.
    document.body.style.setProperty("--rows", String(Math.max(rows.length, 3)));
  }

  function cell(kind, content, className) {
    const element = document.createElement(kind);
    element.textContent = content;
    if (className) element.className = className;
    return element;
  }
  function span(content, className) {
    return cell("span", content, className);
  }

  // A hand being entered: kept as the window keeps it. A player who missed holds ten
  // cards, so the 1-9 count is worked out from the others until it is set by hand.

  function draftOf(name) {
    if (!drafts[name]) drafts[name] = fromPending(game.pending[name]);
    return drafts[name];
  }

  function fromPending(result) {
    const draft = {
      wentOut: false, made: null, typed: {}, phase: null, points: null, sent: false, refused: null,
    };
    if (!result) return draft;
    if (typeof result.points === "number") draft.points = result.points;
    draft.wentOut = result.went_out === true;
    draft.made = result.made && !draft.wentOut ? true : draft.wentOut ? null : result.made;
    draft.typed = { ...(result.cards || {}) };
    draft.phase = result.phase ?? null;
    if (draft.made === false && (draft.typed.low ?? 0) === workedOutLow(draft)) delete draft.typed.low;
    draft.sent = true;
    return draft;
  }

  // What of a draft is kept on the phone: what was chosen, not how far it got.
  function keptDraft(draft) {
    const { wentOut, made, typed, phase, points } = draft;
    return { wentOut, made, typed: { ...typed }, phase, points };
  }

  function workedOutLow(draft) {
    let others = 0;
    for (const [kind, n] of Object.entries(draft.typed)) if (kind !== "low") others += n;
    return Math.max(0, HAND_SIZE - others);
  }

  function countOf(draft, kind) {
    if (draft.wentOut) return 0;
    if (kind === "low" && draft.made === false && !("low" in draft.typed)) return workedOutLow(draft);
    return draft.typed[kind] ?? 0;
  }

  function resultOf(draft) {
    const result = { made: draft.wentOut || draft.made === true };
    if (draft.points !== null && !draft.wentOut) {
      result.points = draft.points;
      if (draft.phase !== null && game.phase_choices) result.phase = draft.phase;
      return result;
    }
    const cards = {};
    for (const kind of game.kinds) {
      const n = countOf(draft, kind);
      if (n) cards[kind] = n;
    }
    if (Object.keys(cards).length) result.cards = cards;
    if (draft.phase !== null && game.phase_choices) result.phase = draft.phase;
    if (draft.wentOut) result.went_out = true;
    return result;
  }

  function pointsOf(draft) {
    if (draft.points !== null && !draft.wentOut) return draft.points;
    return game.kinds.reduce((sum, kind) => sum + countOf(draft, kind) * game.card_values[kind], 0);
  }

  function showEntry() {
    const name = target;
    const playing = name !== null && game.participants.includes(name);
    const title = $("entry-title");
    if (!playing) {
      title.textContent =
        game.status === "finished" ? text("phones.game_over") : text("phones.not_playing");
      for (const id of ["made-group", "cards", "phase-row", "clear"]) $(id).hidden = true;
      $("went-out").hidden = true;
      $("entry-problems").replaceChildren();
      $("sent").textContent = "";
      return;
    }
    $("went-out").hidden = false;
    $("made-group").hidden = false;
    title.textContent =
      session.role === "player"
        ? text("phones.entry_title", { hand: game.hand })
        : text("phones.entry_for", { name, hand: game.hand });
    const draft = draftOf(name);
    press($("went-out"), draft.wentOut);
    press($("made"), draft.wentOut || draft.made === true);
    press($("missed"), !draft.wentOut && draft.made === false);
    $("made").disabled = draft.wentOut;
    $("missed").disabled = draft.wentOut;
    showPhaseChoice(name, draft);
    showCards(draft);
    showProblems($("entry-problems"), draft.refused ?? problemsToShow(name, draft));
    const sent = $("sent");
    const chosen = draft.wentOut || draft.made !== null;
    // Nothing to clear before anything is chosen or sent.
    $("clear").hidden = !chosen && !(name in game.pending);
    const waiting = name in outbox;
    sent.className =
      "sent" + (draft.sent && !draft.refused && !waiting && name in game.pending ? " good" : "");
    if (draft.refused) sent.textContent = text("phones.not_sent");
    else if (waiting && draft.kept) sent.textContent = text("phones.kept");
    else if (waiting || draft.sending) sent.textContent = text("phones.sending");
    else if (name in tooLateFor) sent.textContent = text("phones.kept_stale", { hand: tooLateFor[name] });
    else if (name in game.pending && draft.sent) sent.textContent = text("phones.sent");
    else sent.textContent = chosen ? text("phones.sending") : text("phones.not_yet");
  }

  function press(button, on) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }

  // As the counters: the list is made again only when its choices change, so an update
  // from the table never closes it under a finger.
  let phaseChoices = "";

  function showPhaseChoice(name, draft) {
    const row = $("phase-row");
    const choices = game.phase_choices ? game.phase_choices[name] || [] : [];
    row.hidden = !choices.length;
    if (!choices.length) return;
    const select = $("phase-choice");
    const signature = `${language}:${name}:${choices.join()}`;
    if (signature !== phaseChoices) {
      phaseChoices = signature;
      const options = [document.createElement("option")];
      options[0].value = "";
      options[0].textContent = "—";
      for (const label of choices) {
        const option = document.createElement("option");
        option.value = String(label);
        option.textContent = `${text("phones.phase", { phase: label })}: ${game.phases[String(label)]}`;
        options.push(option);
      }
      select.replaceChildren(...options);
    }
    select.value = draft.phase === null ? "" : String(draft.phase);
  }

  // The counters are made once for the game's kinds of card and then only updated, so a
  // finger on a button never finds it replaced by an update from the table.
  let counters = null;

  // The counters show each kind's name and worth: made again when either changes.
  function countersSignature() {
    return `${language}:${JSON.stringify(game.kinds.map((kind) => [kind, game.card_values[kind]]))}`;
  }

  function makeCounters() {
    counters = { signature: countersSignature(), rows: {} };
    const items = game.kinds.map((kind) => {
      const label = text(`card.${kind}`);
      const item = document.createElement("li");
      item.className = "kind";
      const name = span(label, "name");
      name.id = `kind-${kind}`;
      name.append(span(text("phones.worth", { points: game.card_values[kind] }), "worth"));
      const fewer = cell("button", "−");
      fewer.type = "button";
      fewer.setAttribute("aria-label", text("phones.fewer", { kind: label }));
      fewer.addEventListener("click", () => change(kind, -1));
      const shown = cell("output", "");
      shown.setAttribute("aria-labelledby", `kind-${kind}`);
      const more = cell("button", "+");
      more.type = "button";
      more.setAttribute("aria-label", text("phones.more", { kind: label }));
      more.addEventListener("click", () => change(kind, 1));
      item.append(name, fewer, shown, more);
      counters.rows[kind] = { fewer, shown, more };
      return item;
    });
    $("kinds").replaceChildren(...items);
  }

  function showCards(draft) {
    const box = $("cards");
    box.hidden = draft.wentOut || draft.made === null;
    if (box.hidden) return;
    if (!counters || counters.signature !== countersSignature()) makeCounters();
    // Points typed as a total (as many tables count) stand for the cards.
    const byPoints = draft.points !== null;
    press($("by-points"), byPoints);
    $("kinds").hidden = byPoints;
    $("points-row").hidden = !byPoints;
    const typed = $("points-typed");
    if (byPoints && document.activeElement !== typed) typed.value = String(draft.points);
    for (const kind of game.kinds) {
      const n = countOf(draft, kind);
      const row = counters.rows[kind];
      row.shown.textContent = String(n);
      row.fewer.disabled = n <= 0;
      row.more.disabled = n >= HAND_SIZE;
    }
    $("points").textContent = count("phones.hand_points", pointsOf(draft));
  }

  // A warning about an entry half made (Made it tapped, the cards not yet counted) reads
  // as a fault: a player's warnings wait until their entry is at the table and complete
  // (more than the first tap), or the whole hand is in. Errors are said at once.
  function problemsToShow(name, draft) {
    const mine = game.problems.filter((problem) => problem.player === name);
    const settled = !(name in outbox) && !draft.sending && name in game.pending;
    const complete =
      draft.wentOut || draft.points !== null || Object.keys(draft.typed).length > 0 ||
      game.participants.every((each) => each in game.pending);
    return settled && complete ? mine : mine.filter((problem) => problem.severity === "error");
  }

  // Every problem names its player: a message alone ("holds no cards…") has no subject.
  function showProblems(list, problems) {
    list.replaceChildren(
      ...problems.map((problem) => {
        const named = problem.player && !problem.message.includes(problem.player);
        return cell("li", named ? `${problem.player}: ${problem.message}` : problem.message, problem.severity);
      }),
    );
  }

  function change(kind, step) {
    const draft = draftOf(target);
    draft.typed[kind] = Math.max(0, Math.min(HAND_SIZE, countOf(draft, kind) + step));
    edited(draft);
  }

  function edited(draft) {
    draft.sent = false;
    draft.refused = null;
    draft.sending = true;
    draft.kept = !navigator.onLine;
    keep(target, draft);
    showEntry();
    send(target);
  }

  $("went-out").addEventListener("click", () => {
    const draft = draftOf(target);
    draft.wentOut = !draft.wentOut;
    if (draft.wentOut) draft.typed = {};
    else draft.made = true;
    edited(draft);
  });
  $("made").addEventListener("click", () => {
    const draft = draftOf(target);
    if (draft.made !== true) draft.typed = {};
    draft.made = true;
    edited(draft);
  });
  $("missed").addEventListener("click", () => {
    const draft = draftOf(target);
    draft.made = false;
    edited(draft);
  });
  $("by-points").addEventListener("click", () => {
    const draft = draftOf(target);
    draft.points = draft.points === null ? pointsOf(draft) : null;
    edited(draft);
  });
  $("points-typed").addEventListener("input", (event) => {
    const draft = draftOf(target);
    const value = Number.parseInt(event.target.value, 10);
    draft.points = Number.isFinite(value) ? value : 0;
    edited(draft);
  });
  $("phase-choice").addEventListener("change", (event) => {
    const draft = draftOf(target);
    draft.phase = event.target.value ? Number(event.target.value) : null;
    edited(draft);
  });
  $("clear").addEventListener("click", () => {
    const name = target;
    drafts[name] = fromPending(null);
    keep(name, null);
    showEntry();
    send(name);
  });

  // A player's entry, by name. A browser takes a path segment that is only dots (even
  // written %2E) for a step in the path, so a player named "." or ".." is named with a
  // space before: the table compares names as game files do, trimmed.
  function pendingPath(name) {
    const segment = encodeURIComponent(name);
    return `/api/pending/${name === "." || name === ".." ? "%20" + segment : segment}`;
  }

  // Changes this page made that the table has not taken yet, and those waiting to be
  // sent: while there are any, the hand shown is not yet the table's.
  const timers = {};
  let changesOut = 0;
  function changesOnTheWay() {
    return changesOut > 0 || Object.keys(timers).length > 0 || Object.keys(outbox).length > 0;
  }
  async function sending(request) {
    changesOut += 1;
    try {
      return await request();
    } finally {
      changesOut -= 1;
    }
  }

  // An entry (a draft, or null to clear it) kept until the table takes it; a later change
  // of the same player's entry takes its place.
  function keep(name, draft) {
    delete tooLateFor[name];
    keptCount += 1;
    outbox[name] = {
      draft: draft && keptDraft(draft),
      hand: game.hand,
      revision: game.revision,
      stamp: `${Date.now()}.${keptCount}`,
    };
    saveOutbox();
  }

  function saveOutbox() {
    try {
      if (Object.keys(outbox).length) {
        const saved = { role: session.role, player: session.player, entries: outbox };
        localStorage.setItem(OUTBOX, JSON.stringify(saved));
      } else {
        localStorage.removeItem(OUTBOX);
      }
    } catch (error) {
      // Storage refused (a private window that is full): the entries stay in memory.
    }
  }

  function loadOutbox() {
    try {
      const saved = JSON.parse(localStorage.getItem(OUTBOX) || "null");
      if (saved && saved.role === session.role && saved.player === session.player) {
        outbox = saved.entries || {};
      }
    } catch (error) {
      outbox = {};
    }
  }

  // A kept entry whose hand was recorded before it reached the table: dropped, and said
  // so, never applied to the next hand.
  function tooLate(name, kept) {
    if (outbox[name] !== kept) return;
    delete outbox[name];
    saveOutbox();
    tooLateFor[name] = kept.hand;
    if (drafts[name] && kept.hand === game.hand) drafts[name] = fromPending(game.pending[name]);
  }

  // Several taps in a row go as one request.
  function send(name) {
    clearTimeout(timers[name]);
    timers[name] = setTimeout(() => {
      delete timers[name];
      deliver(name);
    }, 150);
  }

  function deliverAll() {
    for (const name of Object.keys(outbox)) if (!(name in timers)) deliver(name);
  }

  // Sent again after a failure, sooner than a person would think to try.
  let resendDelay = 1;
  let resendTimer = null;
  function resendLater() {
    clearTimeout(resendTimer);
    resendTimer = setTimeout(deliverAll, resendDelay * 1000);
    resendDelay = Math.min(resendDelay * 2, 8);
  }

  const onTheWay = {};
  async function deliver(name) {
    const kept = outbox[name];
    if (!kept || !game || onTheWay[name] === kept) return;
    if (kept.hand !== game.hand) {
      tooLate(name, kept);
      return showIfShown(name);
    }
    onTheWay[name] = kept;
    // The table refuses the entry (409) if a hand was recorded or taken back since.
    const body = { ...(kept.draft ? resultOf(kept.draft) : {}), revision: kept.revision };
    let answer = null;
    try {
      answer = await sending(() => call(kept.draft ? "PUT" : "DELETE", pendingPath(name), body));
    } catch (error) {
      // No network: kept, and said so.
    } finally {
      delete onTheWay[name];
    }
    // A later change of this entry has taken its place: that one goes on its own.
    if (outbox[name] !== kept) return;
    const draft = drafts[name];
    if (answer !== null && answer.status === 401) {
      answer = null;
      catchUp();
    }
    if (answer === null || answer.status >= 500) {
      if (draft) {
        draft.sending = false;
        draft.kept = true;
      }
      resendLater();
      return showIfShown(name);
    }
    resendDelay = 1;
    if (answer.status === 409) {
      tooLate(name, kept);
      // The hand recorded meanwhile: shown at once rather than at the stream's pace.
      showLatest();
      return showIfShown(name);
    }
    delete outbox[name];
    saveOutbox();
    if (draft) {
      draft.sending = false;
      draft.kept = false;
      if (answer.status === 200) {
        draft.sent = true;
      } else {
        draft.refused = (answer.data && answer.data.problems) || [
          { severity: "error", message: text("phones.server_error", { status: answer.status }) },
        ];
      }
    }
    showIfShown(name);
  }

  function showIfShown(name) {
    if (name === target && game && !closed) showEntry();
  }

  // The keeper's part

  // The rows are made again only when the players of the hand change, as the counters.
  let entryRows = { signature: "", rows: {} };

  function showKeeper() {
    $("keeper-title").textContent = text("phones.keeper_title", { hand: game.hand });
    const signature = `${language}:${game.participants.join("\n")}`;
    if (signature !== entryRows.signature) {
      entryRows = { signature, rows: {} };
      const items = game.participants.map((name) => {
        const item = document.createElement("li");
        const who = document.createElement("div");
        const saying = span("", "said");
        who.append(span(name, "name"), saying);
        const edit = cell("button", text("phones.edit"));
        edit.type = "button";
        edit.setAttribute("aria-label", text("phones.edit_name", { name }));
        edit.className = "toggle";
        edit.addEventListener("click", () => {
          target = name;
          show(game);
          const motion = CALM.matches ? "auto" : "smooth";
          $("entry").scrollIntoView({ behavior: motion, block: "start" });
        });
        item.append(who, edit);
        entryRows.rows[name] = { saying, edit };
        return item;
      });
      $("entries").replaceChildren(...items);
    }
    for (const name of game.participants) {
      const row = entryRows.rows[name];
      row.saying.textContent = said(game.pending[name]);
      row.edit.setAttribute("aria-pressed", name === target ? "true" : "false");
    }
    showProblems($("hand-problems"), game.problems);
    const record = $("record");
    record.textContent = text("phones.record", { hand: game.hand });
    record.hidden = !session.keeps_hands;
    record.disabled = game.status === "finished";
    $("undo").hidden = !session.keeps_hands;
    $("undo").disabled = game.hands_played === 0;
  }

  function said(result) {
    if (!result) return text("phones.waiting");
    if (result.went_out) return text("phones.said_out");
    if (typeof result.points === "number") {
      return count(result.made ? "phones.said_made_points" : "phones.said_missed_points", result.points);
    }
    const cards = Object.values(result.cards || {}).reduce((a, b) => a + b, 0);
    const points = Object.entries(result.cards || {}).reduce(
      (sum, [kind, n]) => sum + n * game.card_values[kind],
      0,
    );
    return count(result.made ? "phones.said_made" : "phones.said_missed", cards, { points });
  }

  // The keeper records (or takes back) the hand the page shows, named by its revision:
  // the table refuses it if anything changed since, and the page then shows the change.
  // A change of the keeper's own not yet at the table is such a change.
  async function keeperAction(path, doneKey) {
    const said = $("keeper-said");
    // The table's event may come before the answer: the hand is the one the keeper saw.
    const hand = game.hand;
    const answer = changesOnTheWay()
      ? { status: 409, data: null }
      : await call("POST", path, { revision: game.revision });
    if (answer.status === 200) {
      said.className = "sent good";
      said.textContent = text(doneKey, { hand });
      drafts = {};
      show(answer.data);
    } else if (answer.status === 409) {
      said.className = "sent";
      said.textContent = text("phones.stale");
      showLatest();
    } else if (answer.data && answer.data.problems) {
      said.className = "sent";
      said.textContent = text("phones.refused");
      showProblems($("hand-problems"), answer.data.problems);
    } else {
      // No problem of the hand's (the library full or read-only): the table's reason.
      said.className = "sent";
      said.textContent = (answer.data && answer.data.error) || text("phones.server_error", { status: answer.status });
    }
  }
  // The table as it is now, not waiting for its event (the line may be slow).
  async function showLatest() {
    let answer;
    try {
      answer = await call("GET", "/api/game");
    } catch (error) {
      return;
    }
    if (answer.status === 200 && !closed) show(answer.data);
  }

  $("record").addEventListener("click", () => keeperAction("/api/hands", "phones.recorded"));
  $("undo").addEventListener("click", () => keeperAction("/api/undo", "phones.undone"));

  setLanguage(chooseLanguage());
  join();
})();
