// The board as SVG, from the server's view model (the one the terminal drawing uses): rows as on
// the table (P2's side on top, rows numbered from P1's side), stores at the ends, the other stores
// and captured counters below, holes out of play, claimed holes and marks. A board of one row is a
// ring. Board.draw returns a view whose counts the animation updates drop by drop.
'use strict';

const Board = (() => {
  const NS = 'http://www.w3.org/2000/svg';
  const CELL = 66, R = 26, PAD = 14, STORE_W = 58, LABEL = 22, SIDE = 40;  // SIDE: room left of the board for the players and row numbers

  function el(tag, attrs, parent, text) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function countText(count) { return count === null ? '?' : String(count); }

  function holeTitle(hole, index, position) {
    let title = `${hole.name}: ${countText(hole.count)} counter${hole.count === 1 ? '' : 's'}, P${hole.owner + 1}'s`;
    if (!hole.in_play) title += ', out of play';
    if (hole.marks.length) title += `, marked ${hole.marks.join(', ')}`;
    return title;
  }

  // One hole: a circle with its count, its marks under the count.
  function drawHole(view, parent, hole, index, x, y, withName) {
    const classes = ['hole', `p${hole.side}`];
    if (hole.owner !== hole.side) classes.push('claimed');
    if (!hole.in_play) classes.push('out');
    const g = el('g', {class: classes.join(' '), 'data-hole': hole.name, 'data-index': index,
                       'data-count': hole.count === null ? '' : hole.count, transform: `translate(${x},${y})`}, parent);
    el('title', {}, g, holeTitle(hole, index));
    el('circle', {r: R, cx: 0, cy: 0}, g);
    const text = el('text', {x: 0, y: hole.marks.length ? -4 : 0, 'font-size': 17}, g, countText(hole.count));
    if (hole.marks.length) el('text', {class: 'mark', x: 0, y: 13}, g, hole.marks.join(' '));
    if (withName) el('text', {class: 'label', x: 0, y: R + 11, style: 'fill:#5b3a1e;font-weight:normal;font-size:11px'}, g, hole.name);
    view.holes[index] = {g, text, hidden: hole.count === null};
  }

  // A store: a rounded rectangle with its owner and count.
  function drawStore(view, parent, hole, index, x, y, w, h, caption) {
    const g = el('g', {class: 'store hole', 'data-hole': hole.name, 'data-index': index,
                       'data-count': hole.count === null ? '' : hole.count}, parent);
    el('title', {}, g, `${caption}: ${countText(hole.count)}`);
    el('rect', {x, y, width: w, height: h, rx: Math.min(w, h) / 2.4}, g);
    const text = el('text', {x: x + w / 2, y: y + h / 2 - (h > 60 ? 8 : 0), 'font-size': 18}, g, countText(hole.count));
    el('text', {class: 'name', x: x + w / 2, y: h > 60 ? y + h / 2 + 14 : y + h + 10, style: h > 60 ? '' : 'fill:#5b3a1e'}, g, caption);
    view.holes[index] = {g, text, hidden: hole.count === null};
  }

  function storeCaption(board, index) {
    for (let p = 0; p < board.stores.length; ++p) {
      const k = board.stores[p].indexOf(index);
      if (k >= 0) {
        return `P${p + 1} store${k ? ' #' + (k + 1) : ''}`;
      }
    }
    return board.holes[index].name;
  }

  // The stores not drawn at the ends, in a strip under the board.
  function drawOtherStores(view, svg, board, shown, top, width) {
    const rest = [];
    board.stores.forEach(list => list.forEach(h => { if (!shown.has(h)) rest.push(h); }));
    if (!rest.length) return top;
    const w = 92, h = 34, gap = 12;
    const total = rest.length * w + (rest.length - 1) * gap;
    let x = Math.max(PAD, (width - total) / 2);
    for (const h of rest) {
      drawStore(view, svg, board.holes[h], h, x, top + 6, w, h === undefined ? 34 : 34, storeCaption(board, h));
      x += w + gap;
    }
    return top + h + 28;
  }

  function drawGrid(svg, position, view) {
    const board = position.board;
    const rows = board.rows, columns = board.columns;
    const top = board.row_owner[rows - 1], bottom = board.row_owner[0];
    const leftStore = board.stores_at_ends && board.stores[top].length ? board.stores[top][0] : -1;
    const rightStore = board.stores_at_ends && bottom !== top && board.stores[bottom].length ? board.stores[bottom][0] : -1;
    const x0 = PAD + SIDE + (leftStore >= 0 ? STORE_W + 8 : 0);
    const gridW = columns * CELL;
    const width = x0 + gridW + 48 + (rightStore >= 0 ? STORE_W : 0) + PAD;
    // Rows from the top: a gap parts the players' halves when each has more than one row.
    const ys = [];
    let y = PAD + LABEL;
    for (let row = rows; row >= 1; --row) {
      if (row < rows && rows > position.players && board.row_owner[row - 1] !== board.row_owner[row]) y += 16;
      ys[row] = y;
      y += CELL;
    }
    const gridBottom = y;
    el('rect', {class: 'wood', x: x0 - 10, y: PAD + LABEL - 8, width: gridW + 20, height: gridBottom - (PAD + LABEL) + 16, rx: 22}, svg);
    board.column_labels.forEach((label, c) => {
      el('text', {class: 'label', x: x0 + c * CELL + CELL / 2, y: PAD + 4}, svg, label);
      el('text', {class: 'label', x: x0 + c * CELL + CELL / 2, y: gridBottom + LABEL - 2}, svg, label);
    });
    for (let row = rows; row >= 1; --row) {
      const owner = board.row_owner[row - 1];
      const cls = 'label' + (owner === position.mover ? ' mover' : '');
      if (leftStore < 0) el('text', {class: cls, x: x0 - 24, y: ys[row] + CELL / 2}, svg, String(row));
      // Right of the row: its number, and which way counters travel along it when that is fixed.
      const arrow = board.row_arrow[row - 1] === '>' ? ' →' : board.row_arrow[row - 1] === '<' ? ' ←' : '';
      el('text', {class: cls, x: x0 + gridW + 24, y: ys[row] + CELL / 2}, svg, String(row) + arrow);
      board.grid[row - 1].forEach((hole, c) => {
        if (hole >= 0) drawHole(view, svg, board.holes[hole], hole, x0 + c * CELL + CELL / 2, ys[row] + CELL / 2, false);
      });
    }
    const shown = new Set();
    if (leftStore >= 0) {
      drawStore(view, svg, board.holes[leftStore], leftStore, PAD + SIDE, PAD + LABEL - 8, STORE_W, gridBottom - (PAD + LABEL) + 16, storeCaption(board, leftStore));
      shown.add(leftStore);
    }
    if (rightStore >= 0) {
      drawStore(view, svg, board.holes[rightStore], rightStore, x0 + gridW + 48, PAD + LABEL - 8, STORE_W, gridBottom - (PAD + LABEL) + 16, storeCaption(board, rightStore));
      shown.add(rightStore);
    }
    // The players' names beside their halves.
    const halves = new Map();
    for (let row = 1; row <= rows; ++row) {
      const owner = board.row_owner[row - 1];
      if (!halves.has(owner)) halves.set(owner, []);
      halves.get(owner).push(ys[row]);
    }
    const bottomY = drawOtherStores(view, svg, board, shown, gridBottom + LABEL + 4, width);
    for (const [owner, list] of halves) {
      const cy = (Math.min(...list) + Math.max(...list) + CELL) / 2;
      el('text', {class: 'label' + (owner === position.mover ? ' mover' : ''), x: PAD + 2, y: cy, 'font-size': 12,
                  transform: `rotate(-90 ${PAD + 2} ${cy})`}, svg, `P${owner + 1}`);
    }
    return {width, height: bottomY + PAD};
  }

  // One row: the holes round a ring, A at the bottom, anticlockwise as the track goes.
  function drawRing(svg, position, view) {
    const board = position.board;
    const holes = board.grid[0].filter(h => h >= 0);
    const n = board.grid[0].length;
    const radius = Math.max(110, (n * (2 * R + 18)) / (2 * Math.PI));
    const cx = PAD + radius + R + 20, cy = PAD + radius + R + 10;
    const width = 2 * cx;
    el('circle', {class: 'wood', cx, cy, r: radius + R + 12}, svg);
    el('circle', {cx, cy, r: radius - R - 12, fill: '#fffdf9', stroke: '#7a4f27', 'stroke-width': 2}, svg);
    board.grid[0].forEach((hole, c) => {
      if (hole < 0) return;
      const angle = -Math.PI / 2 + (c + 0.5) * 2 * Math.PI / n;
      drawHole(view, svg, board.holes[hole], hole, cx + radius * Math.cos(angle), cy - radius * Math.sin(angle), true);
    });
    const arrow = board.row_arrow[0] === '>' ? 'sowing anticlockwise ↺' : board.row_arrow[0] === '<' ? 'sowing clockwise ↻' : '';
    el('text', {class: 'label', x: cx, y: cy - 10}, svg, position.over ? 'game over' : `P${position.mover + 1} to move`);
    if (arrow) el('text', {class: 'label', x: cx, y: cy + 12}, svg, arrow);
    const bottomY = drawOtherStores(view, svg, board, new Set(), cy + radius + R + 18, width);
    return {width, height: bottomY + PAD, holes};
  }

  // Draws `position` into `svg`; returns the view the animation updates.
  function draw(svg, position) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const view = {holes: {}, svg};
    const size = position.board.rows === 1 ? drawRing(svg, position, view) : drawGrid(svg, position, view);
    svg.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
    svg.style.maxWidth = `${Math.max(size.width, 420) * 1.15}px`;
    return view;
  }

  function setCounts(view, counts) {
    counts.forEach((count, index) => {
      const hole = view.holes[index];
      if (!hole || hole.hidden) return;
      hole.text.textContent = String(count);
      hole.g.setAttribute('data-count', count);
    });
  }

  function clearMarks(view) {
    for (const hole of Object.values(view.holes)) hole.g.classList.remove('sown', 'lifted', 'captured', 'active');
  }

  function markHole(view, index, cls) {
    const hole = view.holes[index];
    if (hole) hole.g.classList.add(cls);
  }

  // A legal move's value under perfect play, written in its hole under the count; `best` rings it.
  function showValue(view, index, label, kind, best) {
    const hole = view.holes[index];
    if (!hole || hole.g.classList.contains('store')) return;
    hole.g.setAttribute('data-value', label);
    if (best) hole.g.classList.add('best');
    if (hole.g.querySelector('.mark')) return;  // the hole's marks are written there
    hole.text.setAttribute('y', -6);
    el('text', {class: `value ${kind}`, x: 0, y: 12}, hole.g, label);
  }

  function clearValues(view) {
    for (const hole of Object.values(view.holes)) {
      hole.g.removeAttribute('data-value');
      hole.g.classList.remove('best');
      const value = hole.g.querySelector('.value');
      if (value) {
        value.remove();
        hole.text.setAttribute('y', 0);
      }
    }
  }

  return {draw, setCounts, clearMarks, markHole, showValue, clearValues};
})();
