// The playground's page: the library, the board (board.js) played by clicking, the sowing
// animated event by event beside its explanation, undo/redo, computer players, the rules editor
// with check's diagnostics as you type and reload, records, and analysis jobs. Everything goes
// through the JSON API of docs/web.md.
'use strict';

const params = new URLSearchParams(location.search);
const DELAYS = [0, 700, 400, 220, 120, 50];  // ms per event, by speed

const app = {
  session: null, state: null, games: [], chosen: null, view: null, editor: null,
  busy: false, paused: false, wake: null, job: null, whyCache: new Map(), lintPending: null,
};

const $ = id => document.getElementById(id);

function element(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('data-')) node.setAttribute(k, v);
    else node[k] = v;
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- The API: errors are shown under the board, never thrown past an action.
async function request(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}
const get = path => request('GET', path);
const post = (path, body) => request('POST', path, body || {});
const act = (action, body) => post(`/api/sessions/${app.session}/${action}`, body);

function say(text) { $('message').textContent = text || ''; }

async function guarded(work) {
  if (app.busy) return;
  app.busy = true;
  document.body.dataset.busy = 'yes';
  updateButtons();
  try {
    await work();
  } catch (error) {
    say(`error: ${error.message}`);
  } finally {
    app.busy = false;
    document.body.dataset.busy = 'no';
    updateButtons();
  }
}

// ---- The library.
function gameMeta(g) {
  if (g.status !== 'ok') return `${g.path}: ${g.message}`;
  const stores = g.stores === 'none' ? 'no stores' : g.stores === 'concealed' ? 'concealed stores' : 'stores';
  return `${g.path} · ${g.rows}x${g.columns}, ${g.players} players, ${stores}${g.rounds ? ', rounds' : ''} · ${g.sources.join('; ')}`;
}

function fillFilter(select, values) {
  for (const v of [...new Set(values)].sort((a, b) => a - b)) select.appendChild(element('option', {value: v}, v));
}

async function loadLibrary() {
  const {games} = await get('/api/games');
  app.games = games;
  const ok = games.filter(g => g.status === 'ok');
  fillFilter($('filter-rows'), ok.map(g => g.rows));
  fillFilter($('filter-players'), ok.map(g => g.players));
  showLibrary();
}

function showLibrary() {
  const text = $('search').value.trim().toLowerCase();
  const rows = $('filter-rows').value, players = $('filter-players').value, rounds = $('filter-rounds').value;
  const fidelity = $('filter-fidelity').value;
  const list = $('games');
  list.replaceChildren();
  for (const g of app.games) {
    const haystack = [g.name || '', g.path, ...(g.sources || [])].join(' ').toLowerCase();
    if (text && !haystack.includes(text)) continue;
    if (rows && String(g.rows) !== rows) continue;
    if (players && String(g.players) !== players) continue;
    if (rounds && (g.rounds ? 'yes' : 'no') !== rounds) continue;
    if (fidelity && g.fidelity !== fidelity) continue;
    const item = element('li', {'data-path': g.path, class: g.status === 'ok' ? '' : 'error'});
    const name = element('div', {class: 'name'}, g.name || g.path);
    // How faithfully the file encodes its text: a partial file names each rule it approximates.
    if (g.status === 'ok' && g.fidelity !== 'unstated') {
      const badge = element('span', {class: `fidelity ${g.fidelity}`}, g.fidelity);
      if (g.gaps.length) badge.title = g.gaps.join('\n');
      name.appendChild(badge);
    }
    item.appendChild(name);
    item.appendChild(element('div', {class: 'meta'}, gameMeta(g)));
    if (app.chosen === g) item.classList.add('chosen');
    item.addEventListener('click', () => chooseGame(g));
    list.appendChild(item);
  }
}

const AGENTS = ['human', 'random', 'greedy', 'alphabeta', 'mcts'];

function chooseGame(g) {
  app.chosen = g;
  showLibrary();
  const setup = $('setup');
  setup.hidden = false;
  $('setup-title').textContent = g.name || g.path;
  const options = $('setup-options');
  options.replaceChildren();
  for (const o of g.options || []) {
    const label = element('label', {}, `${o.name} `);
    const select = element('select', {'data-option': o.name});
    for (const v of o.values) select.appendChild(element('option', {value: v, selected: v === o.chosen}, v));
    label.appendChild(select);
    options.appendChild(label);
  }
  const seats = $('setup-seats');
  seats.replaceChildren();
  for (let p = 0; p < Math.max(g.players || 2, 2); ++p) {
    const label = element('label', {}, `P${p + 1} `);
    const select = element('select', {'data-seat': p});
    for (const a of AGENTS) select.appendChild(element('option', {value: a, selected: a === (p === 0 ? 'human' : 'random')}, a === 'human' ? 'a person (click)' : `computer: ${a}`));
    label.appendChild(select);
    seats.appendChild(label);
  }
}

async function startGame() {
  const g = app.chosen;
  const options = [...document.querySelectorAll('#setup-options select')].map(s => `${s.dataset.option}=${s.value}`);
  const loaded = await act('load', {path: g.path, options});
  if (!loaded.ok) {
    showDiagnostics(loaded.diagnostics);
    say(`${g.path} does not check: see the rules below`);
    return;
  }
  const chosen = [...document.querySelectorAll('#setup-seats select')].map(s => s.value);
  const players = loaded.game.players;
  const seats = Array.from({length: players}, (_, p) => chosen[p] || 'random');
  app.state = (await act('seats', {seats}));
  app.whyCache.clear();
  setEditorText(loaded.text);
  $('save-path').value = `workspace/${loaded.file}`;
  $('record-path').value = `workspace/${loaded.file.replace(/\.lud$/, '')}-game.jsonl`;
  $('reload-report').textContent = '';
  say('');
  render();
  await autoplay();
}

// ---- The board and the game.
function seatOfMover() {
  const s = app.state;
  if (!s || !s.loaded || s.position.over) return null;
  return s.seats[s.position.mover];
}

function render() {
  const s = app.state;
  if (!s || !s.loaded) return;
  const p = s.position;
  clearMoveValues();  // the values were of the position before
  $('game-title').textContent = `${s.game.name} (${s.path}${s.options.length ? ', ' + s.options.join(' ') : ''})`;
  const status = $('status');
  status.className = p.over ? 'over' : '';
  status.textContent = p.over ? `game over: ${p.result === 'draw' ? 'a draw' : p.result === 'unfinished' ? 'unfinished' : p.result + ' wins'}`
                              : `${p.decision}${seatOfMover() !== 'human' ? ` (computer: ${seatOfMover()})` : ''}`;
  if (p.rounds) status.textContent += ` · round ${p.round}`;
  if (p.points) status.textContent += ` · scores ${p.scores.join(' : ')}`;
  app.view = Board.draw($('board'), p);
  wireHoles();
  showOtherMoves();
  showMoves();
  if (s.last) showExplanation(s.last, s.last.events.length);
  else { $('move-heading').textContent = 'no move yet'; $('steps').replaceChildren(); }
  // For tests and scripts: where the page is.
  document.body.dataset.moves = s.played.length;
  document.body.dataset.turn = p.over ? 'over' : seatOfMover() === 'human' ? 'person' : 'computer';
  $('stepping').textContent = s.stepping ? `${s.stepping}: position ${s.played.length} of ${s.played.length + s.redo.length} (Redo steps on, Undo back)` : '';
  updateButtons();
}

function legalByHole() {
  const byHole = new Map();
  for (const m of app.state.position.legal) {
    if (m.hole < 0 || m.kind === 'store') continue;
    if (!byHole.has(m.hole)) byHole.set(m.hole, []);
    byHole.get(m.hole).push(m);
  }
  return byHole;
}

function wireHoles() {
  const p = app.state.position;
  const byHole = legalByHole();
  const human = seatOfMover() === 'human';
  for (const [index, hole] of Object.entries(app.view.holes)) {
    const moves = byHole.get(Number(index));
    const isStore = p.board.holes[index].store;
    if (moves && human) {
      hole.g.classList.add('legal');
      hole.g.addEventListener('click', () => chooseMove(moves));
    } else if (!isStore && !p.over && human) {
      hole.g.classList.add('illegal');
      const name = p.board.holes[index].name;
      hole.g.addEventListener('mouseenter', () => showWhy(name));
      hole.g.addEventListener('click', () => showWhy(name));
    }
  }
  if (app.state.last) markLastMove(app.state.last);
}

// The holes the last move touched, coloured as the terminal colours them.
function markLastMove(move) {
  if (move.frames.length && move.frames[0].length !== app.state.position.board.holes.length) return;
  const last = new Map();
  move.events.forEach((e, k) => {
    const hole = move.event_holes[k], cls = eventClass(e.event);
    if (hole >= 0 && cls) last.set(hole, cls);
  });
  for (const [hole, cls] of last) Board.markHole(app.view, hole, cls);
}

function eventClass(kind) {
  return kind === 'lift' || kind === 'lap' ? 'lifted' : kind === 'capture' ? 'captured'
       : kind === 'drop' || kind === 'placement' || kind === 'gift' ? 'sown' : null;
}

async function showWhy(name) {
  const key = `${app.state.position.ply}:${app.state.played.length}:${name}`;
  try {
    if (!app.whyCache.has(key)) app.whyCache.set(key, (await act('why', {move: name})).why.join('\n'));
    $('why').textContent = app.whyCache.get(key);
  } catch (error) {
    say(`error: ${error.message}`);
  }
}

function chooseMove(moves) {
  if (app.busy) return;
  $('why').textContent = '';
  if (moves.length === 1) return playMove(moves[0].text);
  const box = $('choices');
  box.replaceChildren(element('span', {}, 'choose: '));
  for (const m of moves) {
    const button = element('button', {'data-move': m.text}, m.text);
    button.addEventListener('click', () => { box.hidden = true; playMove(m.text); });
    box.appendChild(button);
  }
  const cancel = element('button', {}, 'cancel');
  cancel.addEventListener('click', () => { box.hidden = true; });
  box.appendChild(cancel);
  box.hidden = false;
}

function showOtherMoves() {
  const box = $('other-moves');
  box.replaceChildren();
  $('choices').hidden = true;
  if (seatOfMover() !== 'human') return;
  for (const m of app.state.position.legal) {
    if (m.hole >= 0 && m.kind !== 'store') continue;
    const button = element('button', {'data-move': m.text}, m.text);
    button.addEventListener('click', () => playMove(m.text));
    box.appendChild(button);
  }
}

function showMoves() {
  const list = $('moves');
  list.replaceChildren();
  app.state.played.forEach(m => list.appendChild(element('li', {class: m.by ? 'computer' : ''}, `P${m.player + 1}${m.by ? ' (' + m.by + ')' : ''}: ${m.text}`)));
  app.state.redo.forEach(text => list.appendChild(element('li', {class: 'computer', style: 'opacity:0.5'}, `(to redo) ${text}`)));
}

function updateButtons() {
  const s = app.state, loaded = s && s.loaded;
  const disabled = !loaded || app.busy;
  $('undo').disabled = disabled || !s.played.length;
  $('redo').disabled = disabled || !s.redo.length;
  $('restart').disabled = disabled || !s.played.length;
  $('hint').disabled = disabled || s.position.over;
  $('solve').disabled = disabled || s.position.over;
  $('computer').disabled = disabled || s.position.over;
  $('reload').disabled = !loaded;
  $('save').disabled = !loaded || !s.writable;
  $('save-record').disabled = !loaded || !s.writable;
  $('replay-record').disabled = disabled;
  $('analyze').disabled = !loaded || app.job !== null;
  $('step').disabled = !app.paused;
}

// ---- The animation: each event's counts, its hole lit, its step of the explanation current.
function speed() { return Number($('speed').value); }

function wait() {
  return new Promise(resolve => {
    app.wake = resolve;
    if (!app.paused) setTimeout(resolve, DELAYS[speed()]);
  });
}

async function animate(move, before) {
  const frames = move.frames;
  if (speed() === 0 || !frames.length || !app.view || frames[0].length !== before.board.holes.length) return;
  showExplanation(move, -1);
  Board.setCounts(app.view, frames[0].map((_, i) => before.board.holes[i].count));
  for (let k = 0; k < frames.length; ++k) {
    const cls = eventClass(move.events[k].event);
    const hole = move.event_holes[k];
    Board.clearMarks(app.view);
    Board.setCounts(app.view, frames[k]);
    if (hole >= 0 && cls) {
      Board.markHole(app.view, hole, cls);
      Board.markHole(app.view, hole, 'active');
    }
    showExplanation(move, k);
    if (cls || k === frames.length - 1) await wait();
  }
}

// Plays the moves an action returned, then shows where they led.
async function played(result) {
  clearMoveValues();
  // Only the first move starts from the board on the page (redo and replays may play several).
  const first = (result.moves || [])[0];
  if (first) await animate(first, app.state.position);
  app.state = result.state;
  render();
  if (result.why && result.why.length) $('why').textContent = result.why.join('\n');
}

async function playMove(text) {
  await guarded(async () => {
    const result = await act('play', {move: text});
    if (!result.played) {
      $('why').textContent = result.why.join('\n');
      return;
    }
    $('why').textContent = '';
    await played(result);
  });
  await autoplay();
}

// The computer's seats play until a person's turn or the end.
async function autoplay() {
  while (seatOfMover() && seatOfMover() !== 'human' && !app.busy) {
    let ok = true;
    await guarded(async () => {
      try {
        await played(await act('computer'));
      } catch (error) {
        ok = false;
        throw error;
      }
    });
    if (!ok) return;
  }
}

// ---- The explanation of a move, each step with the clauses it cites.
function showExplanation(move, event) {
  $('move-heading').textContent = `move ${move.number}, P${move.player + 1}${move.by ? ' (' + move.by + ')' : ''}: ${move.text}`;
  const list = $('steps');
  list.replaceChildren();
  let current = -1;
  move.steps.forEach((step, k) => { if (step.event <= event) current = k; });
  move.steps.forEach((step, k) => {
    const item = element('li', {'data-step': k});
    if (event >= 0 && k === current) item.classList.add('current');
    if (event >= 0 && k > current) item.classList.add('pending');
    item.appendChild(element('span', {}, step.text.replace(/ \([^()]*\.lud:\d+[^()]*\)/g, '')));
    for (const id of step.clauses) {
      const clause = move.clauses[id];
      if (!clause) continue;
      const link = element('a', {class: 'clause', 'data-line': clause.line, title: clause.comment}, clause.where + (clause.rulings ? ', ' + clause.rulings : ''));
      link.addEventListener('click', () => showClause(clause));
      item.appendChild(link);
    }
    list.appendChild(item);
  });
}

function showClause(clause) {
  const box = $('clause-source');
  box.hidden = false;
  box.querySelector('pre').textContent = clause.source.join('\n');
  if (app.state && clause.file === app.state.file && clause.line > 0) {
    showTab('rules');
    const line = clause.line - 1;
    if (app.clauseLine !== undefined) app.editor.removeLineClass(app.clauseLine, 'background', 'cm-clause-line');
    app.clauseLine = line;
    app.editor.addLineClass(line, 'background', 'cm-clause-line');
    app.editor.scrollIntoView({line, ch: 0}, 120);
    app.editor.setCursor({line, ch: 0});
  }
}

// ---- The rules editor: check's diagnostics at their line and column as you type.
CodeMirror.defineMode('mancala', () => ({
  startState: () => ({afterParen: false}),
  token(stream, state) {
    if (stream.match('//')) { stream.skipToEnd(); return 'comment'; }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) { state.afterParen = false; return 'string'; }
    if (stream.match(/^[()]/)) { state.afterParen = stream.current() === '('; return 'bracket'; }
    if (stream.match(/^-?\d+(?![^\s()])/)) { state.afterParen = false; return 'number'; }
    if (stream.match(/^[^\s()"]+/)) {
      const kind = state.afterParen ? 'keyword' : stream.current().endsWith(':') ? 'attribute' : 'variable';
      state.afterParen = false;
      return kind;
    }
    stream.next();
    return null;
  },
}));

function showDiagnostics(diagnostics) {
  const list = $('diagnostics');
  list.replaceChildren();
  for (const d of diagnostics) {
    const item = element('li', {'data-line': d.line, 'data-column': d.column, class: d.severity}, d.text.split('\n')[0]);
    item.addEventListener('click', () => { app.editor.setCursor({line: d.line - 1, ch: d.column - 1}); app.editor.focus(); });
    list.appendChild(item);
  }
  const errors = diagnostics.filter(d => d.severity === 'error').length;
  $('editor-status').textContent = errors ? `${errors} error${errors === 1 ? '' : 's'}` : 'the rules check';
  $('editor-status').dataset.errors = errors;
}

function lintRules(text, update) {
  if (!app.session) return update([]);
  act('check', {text}).then(result => {
    showDiagnostics(result.diagnostics);
    const path = app.state && app.state.path;
    const marks = result.diagnostics.map(d => {
      const here = d.file === path && d.line > 0;
      const line = here ? d.line - 1 : 0, ch = here ? Math.max(0, d.column - 1) : 0;
      return {from: CodeMirror.Pos(line, ch), to: CodeMirror.Pos(line, ch + 1),
              message: here ? d.message : d.text, severity: d.severity === 'error' ? 'error' : 'warning'};
    });
    update(marks);
  }).catch(error => say(`error: ${error.message}`));
}

function setEditorText(text) {
  app.editor.setValue(text);
  app.editor.clearHistory();
}

async function reload() {
  await guarded(async () => {
    const result = await act('reload', {text: app.editor.getValue()});
    if (!result.reloaded) {
      showDiagnostics(result.diagnostics);
      $('reload-report').textContent = result.message;
      return;
    }
    const lines = [`reloaded: ${result.replayed} of ${result.replayed + result.kept_to_redo} moves replayed`];
    lines.push(result.disagreement.length ? 'the new rules first disagree: ' + result.disagreement.join('\n')
                                          : 'the new rules agree with the old at every move');
    if (result.kept_to_redo) lines.push(`kept to redo: ${result.kept_to_redo}`);
    $('reload-report').textContent = lines.join('\n');
    app.state = result.state;
    app.whyCache.clear();
    render();
  });
  await autoplay();
}

async function save() {
  await guarded(async () => {
    const result = await act('save', {path: $('save-path').value.trim(), text: app.editor.getValue()});
    $('reload-report').textContent = `saved ${result.saved}`;
  });
}

// ---- Records.
async function loadFiles() {
  const files = await get('/api/files');
  const records = $('record-files');
  records.replaceChildren(...files.records.map(r => element('option', {value: r}, r)));
  const other = $('analysis-other');
  const rules = app.games.filter(g => g.status === 'ok').map(g => g.path).concat(files.rules);
  other.replaceChildren(element('option', {value: ''}, 'none'), ...rules.map(r => element('option', {value: r}, r)));
  $('server-note').textContent = files.writable ? 'files are saved to the workspace' : 'no workspace: saving is off (mancala serve --workspace DIR)';
}

async function replayRecord() {
  await guarded(async () => {
    const result = await act('replay', {path: $('record-files').value});
    $('replay-report').textContent = result.report;
    app.state = result.state;
    render();
  });
}

async function saveRecord() {
  await guarded(async () => {
    const {text} = await act('record');
    const path = $('record-path').value.trim();
    await act('save', {path, text});
    $('replay-report').textContent = `saved the record to ${path}`;
    await loadFiles();
  });
}

// ---- Analysis: a job with progress and cancel; the report's charts in the page.
async function analyze() {
  const readings = $('analysis-readings').value.trim().split(/\s+/).filter(Boolean);
  try {
    const {job} = await act('analyze', {games: Number($('analysis-games').value), agent: $('analysis-agent').value.trim() || 'random',
                                        readings, other: $('analysis-other').value});
    app.job = job;
    $('cancel-analysis').disabled = false;
    $('analysis-status').textContent = 'running';
    $('findings').replaceChildren();
    updateButtons();
    pollJob();
  } catch (error) {
    $('analysis-status').textContent = `error: ${error.message}`;
  }
}

async function pollJob() {
  if (!app.job) return;
  let status;
  try {
    status = await get(`/api/jobs/${app.job}`);
  } catch (error) {
    $('analysis-status').textContent = `error: ${error.message}`;
    app.job = null;
    updateButtons();
    return;
  }
  const bar = $('analysis-progress');
  bar.max = Math.max(1, status.total);
  bar.value = status.done;
  $('analysis-status').textContent = `${status.state}: ${status.done} of ${status.total} games`;
  $('analysis-status').dataset.state = status.state;
  if (status.state === 'running') {
    setTimeout(pollJob, 250);
    return;
  }
  app.job = null;
  $('cancel-analysis').disabled = true;
  updateButtons();
  if (status.state === 'failed') $('analysis-status').textContent = `failed: ${status.error}`;
  if (status.result && status.result.html) showReport(status.result);
}

function showReport(result) {
  $('analysis-text').textContent = result.text;
  $('analysis-report').srcdoc = result.html;
  const list = $('findings');
  list.replaceChildren();
  for (const f of result.findings) {
    const item = element('li', {'data-kind': f.kind}, `${f.reading ? f.reading + ': ' : ''}${f.kind}: ${f.count}${f.example ? ' — ' + f.example.detail : ''}`);
    if (f.example && (!f.reading || f.reading === app.state.path)) {
      const button = element('button', {class: 'step-through'}, `step through game ${f.example.game} (${f.example.moves.length} moves)`);
      button.addEventListener('click', () => stepThrough(f.example.moves, `${f.kind}, game ${f.example.game}`));
      item.appendChild(document.createTextNode(' '));
      item.appendChild(button);
    }
    list.appendChild(item);
  }
  if (!result.findings.length) list.appendChild(element('li', {}, 'no findings: nothing left out, repeated or unfinished'));
}

async function stepThrough(moves, label) {
  await guarded(async () => {
    app.state = (await act('steps', {moves, label})).state;
    render();
  });
}

// ---- Wiring.
function showTab(name) {
  for (const tab of document.querySelectorAll('.tab')) tab.classList.toggle('active', tab.dataset.tab === name);
  for (const panel of document.querySelectorAll('.panel')) panel.hidden = panel.id !== `panel-${name}`;
  if (name === 'rules') app.editor.refresh();
}

function simple(action, body) {
  return () => guarded(async () => played(await act(action, body ? body() : {})));
}

async function undo() {
  await guarded(async () => {
    // Against the computer, take back to the person's last turn (stepping through a record, one
    // position).
    let result = await act('undo', {count: 1});
    while (!result.state.stepping && result.state.played.length && result.state.seats[result.state.position.mover] !== 'human')
      result = await act('undo', {count: 1});
    await played(result);
  });
}

// ---- The solver: each legal move's value under perfect play (the REPL's solve and hint).
const SOLVE_BUDGET = 100000;  // positions a move: the REPL's hint's, an answer within a second or so
const RESULT_RANK = {loss: -1, draw: 0, win: 1};

// {result, margin} from the mover's view: "win +4", "draw", "loss −8".
function valueLabel(v) {
  return v.margin === 0 ? v.result : `${v.result} ${v.margin > 0 ? '+' : '−'}${Math.abs(v.margin)}`;
}

// A move's value, or what its proven bounds say ("≥ draw") when the budget ran out.
function moveValueLabel(m) {
  if (m.complete) return valueLabel(m);
  if (RESULT_RANK[m.lower.result] >= 0) return `≥ ${valueLabel(m.lower)}`;
  if (RESULT_RANK[m.upper.result] <= 0) return `≤ ${valueLabel(m.upper)}`;
  return '?';
}

function clearMoveValues() {
  $('move-values').replaceChildren();
  $('move-values').hidden = true;
  if (app.view) Board.clearValues(app.view);
}

// Marks each legal move with its value: in the list, and in its hole when the hole has one move.
function showMoveValues(solved) {
  clearMoveValues();
  const list = $('move-values');
  const byHole = legalByHole();
  const holeOf = new Map(app.state.position.legal.map(m => [m.text, m.hole]));
  for (const m of solved.moves) {
    const label = moveValueLabel(m);
    const kind = m.complete ? m.result : '';
    list.appendChild(element('li', {'data-move': m.move, 'data-value': label, class: m.best ? 'best' : '', title: m.text},
                             `${m.move}: ${label}${m.best ? ' (best)' : ''}`));
    const hole = holeOf.get(m.move);
    if (hole !== undefined && byHole.has(hole) && byHole.get(hole).length === 1) Board.showValue(app.view, hole, label, kind, m.best);
    else if (hole !== undefined && m.best) Board.markHole(app.view, hole, 'best');
  }
  for (const text of solved.unvalued)
    list.appendChild(element('li', {'data-move': text, 'data-value': '', class: 'unvalued'}, `${text}: not valued`));
  list.hidden = false;
  say(`P${solved.mover + 1} to move: each move's value under perfect play (at most ${solved.budget} positions a move)` +
      (solved.unvalued.length ? `; the time ran out with ${solved.unvalued.length} not valued`
       : solved.best.length ? '' : '; no move is proven best within that'));
}

async function solve() {
  await guarded(async () => showMoveValues(await act('solve', {budget: SOLVE_BUDGET})));
}

// A best move when the solver proves one within the budget; else the greedy agent's choice.
async function hint() {
  await guarded(async () => {
    const h = await act('hint', {agent: 'greedy', solve: SOLVE_BUDGET});
    say(h.by === 'solver' ? `hint: ${h.moves.join(' or ')} (${h.value} under perfect play)`
                          : `hint: ${h.move} (${h.agent}'s choice: ${h.why_agent})`);
  });
}

async function computerMove() {
  await guarded(async () => {
    const {move} = await act('hint', {agent: 'random'});
    const result = await act('play', {move});
    await played(result);
  });
  await autoplay();
}

async function main() {
  if (params.has('speed')) $('speed').value = params.get('speed');
  app.editor = CodeMirror.fromTextArea($('editor'), {
    mode: 'mancala', lineNumbers: true, matchBrackets: true, gutters: ['CodeMirror-lint-markers'],
    lint: {getAnnotations: lintRules, async: true, delay: 250},
  });
  $('search').addEventListener('input', showLibrary);
  for (const id of ['filter-rows', 'filter-players', 'filter-rounds', 'filter-fidelity']) $(id).addEventListener('change', showLibrary);
  $('start').addEventListener('click', () => guarded(startGame).then(autoplay));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', simple('redo', () => ({count: 1})));
  $('restart').addEventListener('click', simple('restart'));
  $('hint').addEventListener('click', hint);
  $('solve').addEventListener('click', solve);
  $('computer').addEventListener('click', computerMove);
  $('pause').addEventListener('click', () => {
    app.paused = !app.paused;
    $('pause').textContent = app.paused ? 'Resume' : 'Pause';
    if (!app.paused && app.wake) app.wake();
    updateButtons();
  });
  $('step').addEventListener('click', () => { if (app.wake) app.wake(); });
  $('reload').addEventListener('click', reload);
  $('save').addEventListener('click', save);
  $('replay-record').addEventListener('click', replayRecord);
  $('save-record').addEventListener('click', saveRecord);
  $('analyze').addEventListener('click', analyze);
  $('cancel-analysis').addEventListener('click', () => app.job && post(`/api/jobs/${app.job}/cancel`).catch(e => say(`error: ${e.message}`)));
  for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => showTab(tab.dataset.tab));
  try {
    app.session = (await post('/api/sessions')).session;
    document.body.dataset.session = app.session;
    await loadLibrary();
    await loadFiles();
    document.body.dataset.ready = 'yes';
  } catch (error) {
    say(`error: ${error.message}`);
  }
  updateButtons();
}

main();
