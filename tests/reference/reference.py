#!/usr/bin/env python3
"""Independent reference implementation of the four shipped mancala games, written from the
rulings alone (docs/rulings.md), printing game records in the format of docs/records.md.

usage:
  reference.py GAME [--option name=value]... (--moves "M1, M2, ..." | --random --seed S)
               [--max-turns N]

GAME is kiuthi, kisolo, okwe-ido or lib-al-ghashim (a path such as games/two-row/kiuthi.lud is
accepted too: its base name without extension is used).

Options (docs/rulings.md):
  kiuthi          holes=5..10 (6)  counters=4..9 (6)  chain=leakey|driedger
                  shrink=summary|leakey  opener=winner|loser
  kisolo          start=standard|townshend1|townshend2  capture=turn|origin
  okwe-ido        holes=10..20 even (10)  capture=opposite|landing
  lib-al-ghashim  chain=one|all

An illegal move in --moves prints the record up to that position, then
{"error":"illegal move X","ply":P}, and exits with status 2.

Standard library only.  Players are 0 (P1, South) and 1 (P2, North) internally.
"""
import argparse
import json
import os
import random
import sys

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PLAYER = ("P1", "P2")


class Done:
    """The end of a sowing: what the last step left behind."""

    def __init__(self, **fields):
        self.__dict__.update(fields)


def follow(start, step):
    """Runs a deterministic sowing from configuration `start` (a hashable tuple describing the
    moment a handful is lifted: board, position, direction...); step(config) returns the next
    such configuration or a Done.  Returns the Done, or None when the configurations repeat, i.e.
    the sowing would never end (G6).  Brent's cycle detection: exact, constant memory, at most
    about 3 times as many steps as the sowing's prefix plus cycle."""
    power = lam = 1
    tortoise = start
    hare = step(start)
    while not isinstance(hare, Done):
        if hare == tortoise:
            return None
        if power == lam:
            tortoise = hare
            power *= 2
            lam = 0
        hare = step(hare)
        lam += 1
    return hare


class State:
    """A position.  Generic fields plus whatever a game needs; copy() copies lists and sets."""

    def __init__(self, **fields):
        self.round = 1
        self.mover = 0
        self.result = None
        self.stores = [0, 0]
        self.scores = [0, 0]
        self.__dict__.update(fields)

    def copy(self):
        new = State()
        for key, value in self.__dict__.items():
            if isinstance(value, (list, set, dict)):
                value = value.copy()
            new.__dict__[key] = value
        return new


def parse_int(name, value, low, high, even=False):
    try:
        v = int(value)
    except ValueError:
        raise SystemExit(f"option {name}: not a number: {value}")
    if not low <= v <= high or (even and v % 2):
        raise SystemExit(f"option {name}: {value} out of range")
    return v


def parse_choice(name, value, choices):
    if value not in choices:
        raise SystemExit(f"option {name}: {value} is not one of {', '.join(choices)}")
    return value


# ---------------------------------------------------------------------------------------------
# Two-row boards (Kiuthi, Okwe, Li'b al-Ghashim)
#
# The board is kept as a ring in anticlockwise order (G3): ring index i < n is hole (column i,
# row 1); ring index i >= n is hole (column 2n-1-i, row 2).  So +1 is ccw, -1 is cw; the
# opposite of i (G4) is 2n-1-i.  P1's row is ring 0..n-1 in P1's own left-to-right order;
# P2's row is ring n..2n-1, which is also P2's own left-to-right order (from the last column of
# row 2 back to A, G2).
# ---------------------------------------------------------------------------------------------

def ring_name(i, n):
    return f"{LETTERS[i]}1" if i < n else f"{LETTERS[2 * n - 1 - i]}2"


def ring_holes_json(board, n):
    holes = {}
    for c in range(n):
        holes[f"{LETTERS[c]}1"] = board[c]
    for c in range(n):
        holes[f"{LETTERS[c]}2"] = board[2 * n - 1 - c]
    return holes


def own_ring(player, n):
    """The player's holes, in their own left-to-right order."""
    return range(0, n) if player == 0 else range(n, 2 * n)


def row_sum(board, player, n):
    return sum(board[i] for i in own_ring(player, n))


# ---------------------------------------------------------------------------------------------
# Kiuthi (K1-K13)
# ---------------------------------------------------------------------------------------------

class Kiuthi:
    name = "kiuthi"

    def __init__(self, options):
        self.holes = parse_int("holes", options.pop("holes", "6"), 5, 10)
        self.counters = parse_int("counters", options.pop("counters", "6"), 4, 9)
        self.chain = parse_choice("chain", options.pop("chain", "leakey"), ("leakey", "driedger"))
        self.shrink = parse_choice("shrink", options.pop("shrink", "summary"), ("summary", "leakey"))
        self.opener = parse_choice("opener", options.pop("opener", "winner"), ("winner", "loser"))
        self.T = self.holes * self.counters   # K11: counters each player had at the very start

    # --- positions ---

    def start(self):
        n = self.holes
        s = State(n=n, board=[self.counters] * (2 * n), phase="sow", winner=None, place_k=0)
        self.begin_turn(s, 0)                 # G1: P1 moves first in the first round
        return s

    def begin_turn(self, s, player):
        s.mover = player
        s.forced_dir = None                   # K5: set during a turn of several decisions
        s.turn_boards = {tuple(s.board)}      # G6: positions reached in this turn

    def state_json(self, s):
        return {"round": s.round, "mover": None if s.mover is None else PLAYER[s.mover],
                "columns": s.n, "holes": ring_holes_json(s.board, s.n),
                "stores": {"P1": s.stores[0], "P2": s.stores[1]},
                "scores": {"P1": 0, "P2": 0}, "result": s.result}

    # --- sowing (K4, K5 crossing, G6 endless) ---

    def sow(self, s, pos, d):
        n, m, player = s.n, 2 * s.n, s.mover

        def step(config):
            board, p, d, crossed = config
            b = list(board)
            hand, b[p] = b[p], 0
            for _ in range(hand):
                p = (p + d) % m
                b[p] += 1
                if (p < n) != (player == 0):
                    crossed = True            # K5: a counter dropped in the opponent's row
            if b[p] == 1:                      # fell into an empty hole: the sowing ends
                return Done(board=b, last=p, d=d, crossed=crossed)
            return (tuple(b), p, -d, crossed)  # K4: lift it, sow the other way

        return follow((tuple(s.board), pos, d, False), step)

    def legal(self, s):
        if s.result is not None:
            return []
        if s.phase == "place":
            return self.placements(s)
        n = s.n
        dirs = [s.forced_dir] if s.forced_dir is not None else [1, -1]
        moves = []
        for pos in own_ring(s.mover, n):
            if s.board[pos] < 2:               # K3
                continue
            for d in dirs:
                done = self.sow(s, pos, d)
                if done is None:               # G6: endless sowing
                    continue
                if (s.forced_dir is not None and not done.crossed
                        and tuple(done.board) in s.turn_boards):
                    continue                   # G6: brings back a position of this turn
                moves.append(f"{ring_name(pos, n)} {'ccw' if d == 1 else 'cw'}")
        if not moves and s.forced_dir is None:
            moves = ["pass"]                   # G7, K8
        return moves

    def placements(self, s):
        n, loser = s.n, s.mover
        pos = own_ring(loser, n)[s.place_k]
        left = s.stores[loser]
        still = n - 1 - s.place_k             # holes still to fill after this one
        name = ring_name(pos, n)
        if still == 0:
            return [f"{name}={left}"]          # K12: the last hole takes the rest
        return [f"{name}={v}" for v in range(1, left - still + 1)]

    # --- playing a move ---

    def play(self, s, move):
        s = s.copy()
        if s.phase == "place":
            self.place(s, move)
            return s
        if move == "pass":
            self.end_turn(s)
            return s
        hole, direction = move.split()
        pos = self.ring_index(hole, s.n)
        d = 1 if direction == "ccw" else -1
        done = self.sow(s, pos, d)
        s.board = done.board
        if not done.crossed:
            # K5: no capture; the same player moves again, the other way, if they can (G6).
            s.turn_boards.add(tuple(s.board))
            s.forced_dir = -done.d
            if not self.legal(s):
                self.end_turn(s)               # G6/K5: the turn ends automatically
            return s
        self.capture(s, done)
        self.end_turn(s)
        return s

    def ring_index(self, hole, n):
        c, r = LETTERS.index(hole[0]), int(hole[1:])
        return c if r == 1 else 2 * n - 1 - c

    def capture(self, s, done):
        n, b, player = s.n, s.board, s.mover
        last = done.last
        if (last < n) != (player == 0):
            return                             # K6: ended in the opponent's row
        opp = 2 * n - 1 - last
        if b[opp] == 0:
            return                             # K6: opposite empty, nothing captured
        s.stores[player] += b[opp] + 1         # K6: with the capturing counter
        b[opp] = 0
        b[last] = 0
        q = last
        while True:                            # K7: capture chain
            q = q + done.d
            if not (0 <= q < 2 * n) or (q < n) != (player == 0):
                break                          # end of the player's row
            o = 2 * n - 1 - q
            if b[q] != 0 or b[o] == 0:
                break
            s.stores[player] += b[o]
            b[o] = 0
            if self.chain == "leakey":
                break

    def end_turn(self, s):
        n, b = s.n, s.board
        has2 = [any(b[i] >= 2 for i in own_ring(p, n)) for p in (0, 1)]
        rows = [row_sum(b, p, n) for p in (0, 1)]
        if (not has2[0] and not has2[1]) or rows[0] == 0 or rows[1] == 0:   # K9
            self.end_round(s)
        else:
            self.begin_turn(s, 1 - s.mover)

    def next_size(self, L):
        T = self.T
        if 2 * L >= T:
            k = 0
        elif 4 * L >= T:
            k = 1
        elif 8 * L >= T:
            k = 2
        else:
            k = 3
        if self.shrink == "leakey":
            return max(2, self.holes - (0, 2, 3, 4)[k])
        return self.holes - k

    def end_round(self, s):
        n, b = s.n, s.board
        totals = [s.stores[p] + row_sum(b, p, n) for p in (0, 1)]
        s.forced_dir = None
        if totals[0] == totals[1]:             # K10: equal totals, the match is drawn
            s.result, s.mover = "draw", None
            return
        loser = 0 if totals[0] < totals[1] else 1
        winner = 1 - loser
        L = totals[loser]
        size = self.next_size(L)
        if L <= size:                          # K10 (also: the winner holds every counter)
            s.result, s.mover = PLAYER[winner], None
            return
        # K12: every counter to its owner's store, the new board empty; the loser places.
        s.stores = totals
        s.n = size
        s.board = [0] * (2 * size)
        s.round += 1
        s.phase = "place"
        s.place_k = 0
        s.winner = winner
        s.mover = loser

    def place(self, s, move):
        n, loser = s.n, s.mover
        hole, count = move.split("=")
        pos = self.ring_index(hole, n)
        v = int(count)
        s.board[pos] = v
        s.stores[loser] -= v
        s.place_k += 1
        if s.place_k < n:
            return
        for i in own_ring(loser, n):           # K12: the winner mirrors the loser's holes
            s.board[2 * n - 1 - i] = s.board[i]
            s.stores[s.winner] -= s.board[i]
        s.phase = "sow"
        self.begin_turn(s, s.winner if self.opener == "winner" else loser)   # K13


# ---------------------------------------------------------------------------------------------
# Kisolo (S1-S8): 4 rows of 7; index r*7+c with r 0..3 for rows 1..4.
# ---------------------------------------------------------------------------------------------

class Kisolo:
    name = "kisolo"
    COLS = 7

    def __init__(self, options):
        self.start_option = parse_choice("start", options.pop("start", "standard"),
                                         ("standard", "townshend1", "townshend2"))
        self.capture = parse_choice("capture", options.pop("capture", "turn"), ("turn", "origin"))
        C = self.COLS
        # G3: P1's circuit row 1 A->G, row 2 G->A; P2's row 3 A->G, row 4 G->A.
        self.circuit = [
            [0 * C + c for c in range(C)] + [1 * C + c for c in reversed(range(C))],
            [2 * C + c for c in range(C)] + [3 * C + c for c in reversed(range(C))],
        ]
        self.inner = (1, 2)
        self.outer = (0, 3)

    def hole_name(self, i):
        return f"{LETTERS[i % self.COLS]}{i // self.COLS + 1}"

    def start(self):
        C = self.COLS
        b = [0] * (4 * C)

        def put(name, v):
            c, r = LETTERS.index(name[0]), int(name[1]) - 1
            b[r * C + c] = v
            b[(3 - r) * C + (C - 1 - c)] = v    # S2: P2's holes are P1's turned round

        if self.start_option == "standard":
            for c in range(C):
                put(f"{LETTERS[c]}1", 3)
        elif self.start_option == "townshend1":
            put("G1", 15)
            for h in ("A1", "C1", "E1", "B2", "D2", "F2"):
                put(h, 1)
        else:
            put("A1", 9)
            put("G1", 9)
            for h in ("B2", "D2", "F2"):
                put(h, 1)
        s = State(board=b)
        self.begin_turn(s, 0)
        return s

    def capture_column(self, b, player, c):
        """S5/S7: capture in column c for player, if both inner-row holes are occupied."""
        C = self.COLS
        mine = self.inner[player] * C + c
        theirs = self.inner[1 - player] * C + c
        if b[mine] == 0 or b[theirs] == 0:
            return
        their_outer = self.outer[1 - player] * C + c
        b[self.outer[player] * C + c] += b[theirs] + b[their_outer]
        b[theirs] = 0
        b[their_outer] = 0

    def begin_turn(self, s, player):
        s.mover = player
        if self.capture == "turn":             # S5, G10: before choosing (at ply 0 too)
            for c in range(self.COLS):
                self.capture_column(s.board, player, c)

    def state_json(self, s):
        return {"round": 1, "mover": None if s.mover is None else PLAYER[s.mover],
                "columns": self.COLS,
                "holes": {self.hole_name(i): s.board[i] for i in range(4 * self.COLS)},
                "stores": {"P1": 0, "P2": 0}, "scores": {"P1": 0, "P2": 0},
                "result": s.result}

    def sow_plain(self, board, player, k):
        """Sows from circuit index k, simply: returns the Done (with the board) or None if the
        sowing is endless (G6), by Brent's method on whole configurations.  Exact, but an endless
        sowing of Kisolo can take tens of millions of laps to repeat: sow() below is the fast
        equivalent; this one is kept as its executable specification (see --self-test)."""
        circ = self.circuit[player]
        C = self.COLS
        inner_row = self.inner[player]
        b = list(board)
        if self.capture == "origin" and circ[k] // C == inner_row:
            self.capture_column(b, player, circ[k] % C)      # S5 option: before lifting

        def step(config):
            board, k = config
            b = list(board)
            hand, b[circ[k]] = b[circ[k]], 0
            for _ in range(hand):
                k = (k + 1) % 14
                b[circ[k]] += 1
            k = (k + 1) % 14                   # S4: the following hole
            if b[circ[k]] == 0:
                return Done(board=b)
            if circ[k] // C == inner_row:
                self.capture_column(b, player, circ[k] % C)  # S6
            return (tuple(b), k)

        return follow((tuple(b), k), step)

    # The fast, exact sowing.  Between two captures a sowing only moves the player's own counters
    # round their circuit of 14 holes, and the rule is the same at every hole: so the sowing,
    # seen from the hole about to be lifted, is a function of the 14 counts rotated to start
    # there.  Its cycles are found on those rotated counts (up to 14 times shorter than on the
    # board itself, and cheap to step as bytes); a cycle found so is endless on the board too
    # unless one of its rotated copies would lift an inner-row hole that captures (S6), which is
    # checked exactly; if it would, the sowing is followed plainly up to that capture.

    LIFT_CACHE_LIMIT = 200000

    def sow(self, board, player, k):
        """Sows from circuit index k; returns the Done (with the board) or None if endless."""
        circ = self.circuit[player]
        C = self.COLS
        inner_row = self.inner[player]
        opp_inner = self.inner[1 - player]
        b = list(board)
        if self.capture == "origin" and circ[k] // C == inner_row:
            self.capture_column(b, player, circ[k] % C)      # S5 option: before lifting
        off = k
        while True:
            counts = [b[i] for i in circ]
            s = bytes(counts[off:] + counts[:off])
            # danger[j]: lifting circuit hole j would capture (S6)
            danger = tuple(circ[j] // C == inner_row and b[opp_inner * C + circ[j] % C] > 0
                           for j in range(14))
            outcome = self.circuit_run(s, off, danger)
            if outcome is None:
                return None
            kind, s, off = outcome
            for j in range(14):
                b[circ[(off + j) % 14]] = s[j]
            if kind == "end":
                return Done(board=b)
            self.capture_column(b, player, circ[off] % C)    # S6, then go on lifting at off

    def circuit_run(self, s, off, danger):
        """Follows the sowing from the moment circuit hole `off` is lifted, s being the circuit's
        counts rotated to start at off.  Returns ("end", final counts rotated to start at off2,
        off2), ("capture", counts rotated to start at off2, off2) when hole off2 is about to be
        lifted and would capture, or None when the sowing never ends."""
        pure = not any(danger)
        if pure:
            cache = self.__dict__.setdefault("lift_cache", {})
            if s in cache:
                final = cache[s]
                return None if final is None else ("end", final, off)
        result = self.circuit_brent(s, off, danger)
        if pure:
            if len(cache) > self.LIFT_CACHE_LIMIT:
                cache.clear()
            if result is None:
                cache[s] = None
            else:
                _, final, off2 = result            # store it rotated to start at off
                d = (off2 - off) % 14
                cache[s] = final[14 - d:] + final[:14 - d] if d else final
                return ("end", cache[s], off)
        return result

    INC = bytes(min(i + 1, 255) for i in range(256))

    @classmethod
    def circuit_step(cls, s):
        """One lap on rotated counts: returns (None, final counts) when the sowing ends (S4: the
        following hole is empty), else (next rotated counts, how far the lifted hole moved)."""
        h = s[0]
        if h < 13:                                 # no lap round the whole circuit
            q = h + 1
            if s[q] == 0:
                return None, b"\x00" + s[1:q].translate(cls.INC) + s[q:]
            return s[q:] + b"\x00" + s[1:q].translate(cls.INC), q
        c = list(s)
        c[0] = 0
        for i in range(1, h + 1):                  # G5: the origin is not skipped
            c[i % 14] += 1
        q = (h + 1) % 14
        if c[q] == 0:
            return None, bytes(c)
        return bytes(c[q:] + c[:q]), q

    def circuit_brent(self, s, off, danger):
        step = self.circuit_step
        power = lam = 1
        tortoise, tortoise_off = s, off
        lifted = {off}                             # circuit holes lifted since the tortoise
        while True:
            nxt, q = step(s)
            if nxt is None:
                return ("end", q, off)
            s, off = nxt, (off + q) % 14
            if danger[off]:
                return ("capture", s, off)
            lifted.add(off)
            if s == tortoise:
                # The rotated counts repeat, turned by r: on the board the same laps repeat,
                # each time turned by r more.  Endless unless a turned copy lifts a danger hole.
                r = (off - tortoise_off) % 14
                turns = {(j * r) % 14 for j in range(14)}
                if not any(danger[(p + t) % 14] for p in lifted for t in turns):
                    return None
                while True:                        # a capture comes: follow plainly up to it
                    nxt, q = step(s)
                    if nxt is None:
                        return ("end", q, off)     # cannot happen on a repeating sowing
                    s, off = nxt, (off + q) % 14
                    if danger[off]:
                        return ("capture", s, off)
            if power == lam:
                tortoise, tortoise_off = s, off
                lifted = {off}
                power *= 2
                lam = 0
            lam += 1

    def legal(self, s):
        if s.result is not None:
            return []
        moves = []
        for k, i in enumerate(self.circuit[s.mover]):
            if s.board[i] >= 1 and self.sow(s.board, s.mover, k) is not None:   # S3, G6
                moves.append(self.hole_name(i))
        return moves or ["pass"]               # G7

    def play(self, s, move):
        s = s.copy()
        player = s.mover
        if move != "pass":
            i = LETTERS.index(move[0]) + (int(move[1:]) - 1) * self.COLS
            k = self.circuit[player].index(i)
            s.board = self.sow(s.board, player, k).board
        C = self.COLS
        outer_sum = [sum(s.board[self.outer[p] * C + c] for c in range(C)) for p in (0, 1)]
        if outer_sum[1 - player] == 0:         # S8
            s.result, s.mover = PLAYER[player], None
        elif outer_sum[player] == 0:
            s.result, s.mover = PLAYER[1 - player], None
        else:
            self.begin_turn(s, 1 - player)
        return s


# ---------------------------------------------------------------------------------------------
# Okwe (Ido) (O1-O7)
# ---------------------------------------------------------------------------------------------

class Okwe:
    name = "okwe-ido"

    def __init__(self, options):
        self.holes = parse_int("holes", options.pop("holes", "10"), 10, 20, even=True)
        self.capture = parse_choice("capture", options.pop("capture", "opposite"),
                                    ("opposite", "landing"))

    def start(self):
        n = self.holes
        pattern = [5, 5, 5, 5, 5, 5, 5, 1, 1, 5, 1] + [0] * 9       # O2
        left = True
        while len(pattern) > n:
            pattern.pop(0 if left else -1)
            left = not left
        board = pattern + pattern              # each row from its owner's leftmost hole
        stores = [0, 0]
        # O3: P1 takes the last four holes of P2's row that hold counters (P2's own order).
        p2 = list(own_ring(1, n))
        places = [k for k, i in enumerate(p2) if board[i] > 0][-4:]
        for k in places:
            stores[0] += board[p2[k]]
            board[p2[k]] = 0
        # O3: P2 takes the holes at the same places of P1's row, leaving the last of them.
        for k in places[:-1]:
            stores[1] += board[k]
            board[k] = 0
        s = State(n=n, board=board, stores=stores)
        self.begin_turn(s, 0)
        return s

    def begin_turn(self, s, player):
        s.mover = player
        # O7: the game ends when the player to move has nothing in row and store.
        if row_sum(s.board, player, s.n) == 0 and s.stores[player] == 0:
            totals = [row_sum(s.board, p, s.n) + s.stores[p] for p in (0, 1)]
            s.mover = None
            s.result = ("draw" if totals[0] == totals[1]
                        else PLAYER[0] if totals[0] > totals[1] else PLAYER[1])

    def state_json(self, s):
        return {"round": 1, "mover": None if s.mover is None else PLAYER[s.mover],
                "columns": s.n, "holes": ring_holes_json(s.board, s.n),
                "stores": {"P1": s.stores[0], "P2": s.stores[1]},
                "scores": {"P1": 0, "P2": 0}, "result": s.result}

    def legal(self, s):
        if s.result is not None:
            return []
        moves = [ring_name(i, s.n) for i in own_ring(s.mover, s.n) if s.board[i] > 0]
        moves += [f"store {k}" for k in range(1, s.stores[s.mover] + 1)]       # O6
        return moves

    def play(self, s, move):
        s = s.copy()
        n, m, b, player = s.n, 2 * s.n, s.board, s.mover
        if move.startswith("store "):
            count = int(move.split()[1])       # O6: from own leftmost, rightwards, wrapping
            s.stores[player] -= count
            own = own_ring(player, n)
            for j in range(count):
                b[own[j % n]] += 1
        else:
            c, r = LETTERS.index(move[0]), int(move[1:])
            pos = c if r == 1 else 2 * n - 1 - c
            hand, b[pos] = b[pos], 0
            if hand == 1:                      # O4: a single counter goes to the next hole
                p = (pos + 1) % m
                b[p] += 1
            else:                              # O4: the first counter back into the origin
                p = pos
                b[p] += 1
                for _ in range(hand - 1):
                    p = (p + 1) % m
                    b[p] += 1
            if (p < n) == (player == 1):       # O5: landed in the opponent's row
                target = 2 * n - 1 - p if self.capture == "opposite" else p
                if b[target] in (1, 3, 5):
                    s.stores[player] += b[target]
                    b[target] = 0
        self.begin_turn(s, 1 - player)
        return s


# ---------------------------------------------------------------------------------------------
# Li'b al-Ghashim (L1-L9): ring of 12, A1..F1 then F2..A2 (also the distribution order).
# ---------------------------------------------------------------------------------------------

class Lib:
    name = "lib-al-ghashim"
    N = 6
    TOTAL = 72

    def __init__(self, options):
        self.chain = parse_choice("chain", options.pop("chain", "one"), ("one", "all"))

    def start(self):
        s = State(board=[0] * 12)
        self.begin_round(s, 1)                 # L2: P2 distributes in the first round
        return s

    def begin_round(self, s, distributor):
        s.board = [0] * 12
        s.stores = [0, 0]
        s.phase = "distribute"
        s.distributor = distributor
        s.dist_k = 0
        s.mover = distributor
        s.seen = set()

    def state_json(self, s):
        return {"round": s.round, "mover": None if s.mover is None else PLAYER[s.mover],
                "columns": self.N, "holes": ring_holes_json(s.board, self.N),
                "stores": {"P1": s.stores[0], "P2": s.stores[1]},
                "scores": {"P1": s.scores[0], "P2": s.scores[1]}, "result": s.result}

    def key(self, s, mover):
        return (tuple(s.board), tuple(s.stores), mover)       # L8: board, stores and mover

    # --- L2 distribution ---

    @staticmethod
    def completable(values, rest, holes_left):
        """Can values (the holes placed so far) be completed with holes_left holes of at least 4
        summing to rest, without all twelve being equal?"""
        if rest < 4 * holes_left or (holes_left == 0 and rest != 0):
            return False
        v = values[0]
        if any(x != v for x in values):
            return True
        if holes_left == 0:
            return False
        # every hole so far is v: only the completion "all v" is bad; is there another?
        if rest != holes_left * v:
            return True
        return holes_left >= 2 and v > 4

    def distributions(self, s):
        k = s.dist_k
        placed = s.board[:k]
        rest = self.TOTAL - sum(placed)
        after = 11 - k
        name = ring_name(k, self.N)
        if after == 0:
            return [f"{name}={rest}"]          # L2: A2 takes the rest, a forced move
        return [f"{name}={v}" for v in range(4, rest - 4 * after + 1)
                if self.completable(placed + [v], rest - v, after)]

    # --- L4, L5, L6 sowing ---

    def origin(self, s):
        order = range(5, -1, -1) if s.mover == 0 else range(11, 5, -1)   # L4
        for i in order:
            if s.board[i] > 0:
                return i
        return None

    def sow(self, board, pos):
        def step(config):
            board, p = config
            b = list(board)
            hand, b[p] = b[p], 0
            for _ in range(hand):
                p = (p + 1) % 12
                b[p] += 1
            if b[p] == 1:                      # L5: the hole was empty
                return Done(board=b, capture_at=None)
            if b[p] % 2 == 0:                  # L5: even, capture
                return Done(board=b, capture_at=p)
            return (tuple(b), p)               # L5: odd, lift and keep sowing

        return follow((tuple(board), pos), step)

    def legal(self, s):
        if s.result is not None:
            return []
        if s.phase == "distribute":
            return self.distributions(s)
        if s.phase == "choose":
            return ["flip", "keep"]            # L3
        pos = self.origin(s)
        if pos is None or self.sow(s.board, pos) is None:
            return ["pass"]                    # G7 (G6: an endless sowing is not legal)
        return [ring_name(pos, self.N)]

    def play(self, s, move):
        s = s.copy()
        if s.phase == "distribute":
            name, count = move.split("=")
            s.board[s.dist_k] = int(count)
            s.dist_k += 1
            if s.dist_k == 12:
                s.phase = "choose"
                s.mover = 1 - s.distributor    # L3
            return s
        if s.phase == "choose":
            if move == "flip":                 # L3: A1<->F2, B1<->E2, ...: ring i <-> i+6
                s.board = [s.board[(i + 6) % 12] for i in range(12)]
            s.phase = "sow"
            s.seen = {self.key(s, s.mover)}    # L8: where the round's first sowing is made
            return s
        player = s.mover
        if move != "pass":
            done = self.sow(s.board, self.origin(s))
            s.board = b = done.board
            p = done.capture_at
            if p is not None:
                s.stores[player] += b[p] + b[11 - p]
                b[p] = b[11 - p] = 0
                while True:                    # L6: the previous hole (clockwise)
                    p = (p - 1) % 12
                    if b[p] == 0 or b[p] % 2:
                        break
                    s.stores[player] += b[p] + b[11 - p]
                    b[p] = b[11 - p] = 0
                    if self.chain == "one":
                        break
        # L8: end of the turn
        nxt = 1 - player
        key = self.key(s, nxt)
        if sum(s.board) < 2 or key in s.seen:
            self.end_round(s)
            return s
        s.seen.add(key)
        s.mover = nxt
        own = list(own_ring(nxt, self.N))
        if all(s.board[i] == 0 for i in own):  # L7: the gift
            giver = player
            if s.stores[giver] > 0:
                s.stores[giver] -= 1
            else:
                order = range(5, -1, -1) if giver == 0 else range(11, 5, -1)
                i = next(i for i in order if s.board[i] > 0)
                s.board[i] -= 1
            s.board[own[0]] += 1               # P1: A1 (ring 0); P2: F2 (ring 6)
        return s

    def end_round(self, s):
        d = s.stores[0] - s.stores[1]          # L8
        if d > 0:
            s.scores[0] += d
            loser = 1
        elif d < 0:
            s.scores[1] -= d
            loser = 0
        else:
            loser = s.distributor              # the same player distributes again
        for p in (0, 1):                       # L9
            if s.scores[p] >= 60:
                s.result, s.mover = PLAYER[p], None
                return
        s.round += 1
        self.begin_round(s, loser)


GAMES = {"kiuthi": Kiuthi, "kisolo": Kisolo, "okwe-ido": Okwe, "okwe": Okwe,
         "lib-al-ghashim": Lib, "lib": Lib}


def make_game(name, option_list):
    base = os.path.basename(name)
    if "." in base:
        base = base.rsplit(".", 1)[0]
    if base not in GAMES:
        raise SystemExit(f"unknown game {name}")
    options = {}
    for o in option_list:
        if "=" not in o:
            raise SystemExit(f"option {o}: expected name=value")
        k, v = o.split("=", 1)
        options[k.strip()] = v.strip()
    game = GAMES[base](options)
    if options:
        raise SystemExit(f"unknown option(s) for {base}: {', '.join(options)}")
    return game


def dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


def trace(game, moves=None, rng=None, max_turns=2000, out=sys.stdout):
    """Writes the record; returns 0, or 2 after an illegal move."""
    s = game.start()
    ply = 0
    moves = list(moves or [])
    while True:
        if s.result is None and ply >= max_turns:          # G9
            s = s.copy()
            s.result, s.mover = "unfinished", None
        legal = sorted(game.legal(s)) if s.result is None else []
        line = {"ply": ply, "state": game.state_json(s), "legal": legal}
        if rng is not None:
            move = rng.choice(legal) if legal else None
        else:
            move = moves[ply] if ply < len(moves) else None
        if move is None:
            out.write(dumps(line) + "\n")
            return 0
        if move not in legal:
            out.write(dumps(line) + "\n")
            out.write(dumps({"error": f"illegal move {move}", "ply": ply}) + "\n")
            return 2
        line["move"] = move
        out.write(dumps(line) + "\n")
        s = game.play(s, move)
        ply += 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--moves")
    ap.add_argument("--random", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=2000)
    args = ap.parse_args(argv)
    game = make_game(args.game, args.option)
    if args.random == (args.moves is not None):
        ap.error("give exactly one of --moves and --random")
    rng = random.Random(args.seed) if args.random else None
    moves = [m.strip() for m in args.moves.split(",")] if args.moves else []
    moves = [m for m in moves if m]
    return trace(game, moves, rng, args.max_turns)


if __name__ == "__main__":
    sys.exit(main())
