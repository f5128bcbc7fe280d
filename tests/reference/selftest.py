#!/usr/bin/env python3
"""Checks reference.py's fast Kisolo sowing (rotated counts, exact cycle check) against its plain
specification (Brent's method on whole configurations, Kisolo.sow_plain) on random boards, many
of them endless sowings (G6) with capturing holes placed where the cycle's turned copies lift.

usage: selftest.py [--seed S] [--boards N]   (exit status 1 on any difference)"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference as R  # noqa: E402


class TooLong(Exception):
    pass


def plain_capped(game, b, player, k, cap):
    """sow_plain, giving up (TooLong) after cap laps: some endless sowings repeat only after
    millions of laps, too slow for the plain method."""
    follow = R.follow

    def capped(start, step):
        laps = [0]

        def counted(config):
            laps[0] += 1
            if laps[0] > cap:
                raise TooLong()
            return step(config)
        return follow(start, counted)

    R.follow = capped
    try:
        return game.sow_plain(b, player, k)
    finally:
        R.follow = follow


def endless_pool(game, rng, size):
    """Random one-sided boards whose sowing from some hole is endless."""
    pool = []
    while len(pool) < size:
        player = rng.randrange(2)
        b = [0] * 28
        own = game.circuit[player]
        for _ in range(rng.randint(10, 32)):
            b[rng.choice(own)] += 1
        for k, i in enumerate(own):
            if b[i] and game.sow(b, player, k) is None:
                pool.append((b, player, k))
                break
    return pool


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boards", type=int, default=60)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    same = differ = endless = skipped = 0
    for option in ("capture=turn", "capture=origin"):
        game = R.make_game("kisolo", [option])
        cases = []
        for b, player, k in endless_pool(game, rng, args.boards):
            for col in range(7):               # an opponent inner-row counter in each column
                v = list(b)
                v[game.inner[1 - player] * 7 + col] = rng.randint(1, 2)
                v[game.outer[1 - player] * 7 + col] = rng.randint(0, 2)
                cases.append((v, player, k))
        for _ in range(args.boards * 5):       # and plain random boards
            b = [rng.choice((0, 0, 1, 1, 2, 3, 4, 5)) for _ in range(28)]
            player = rng.randrange(2)
            for k, i in enumerate(game.circuit[player]):
                if b[i]:
                    cases.append((b, player, k))
        for b, player, k in cases:
            game.__dict__.pop("lift_cache", None)
            try:
                plain = plain_capped(game, b, player, k, 300000)
            except TooLong:
                skipped += 1
                continue
            fast = game.sow(b, player, k)
            fb = None if fast is None else fast.board
            pb = None if plain is None else plain.board
            if fb == pb:
                same += 1
                endless += fb is None
            else:
                differ += 1
                print(f"DIFFERENT {option} board={b} player={player} k={k}: fast={fb} plain={pb}")
    print(f"{same} sowings agree ({endless} endless), {differ} differ, "
          f"{skipped} skipped (too long for the plain method)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
