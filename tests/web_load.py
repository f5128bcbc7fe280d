#!/usr/bin/env python3
"""Load benchmark of the web playground's API (docs/web.md): starts `mancala serve` on a free port
of 127.0.0.1, then CLIENTS concurrent clients, each with its own session and connection, play
games of GAME for SECONDS: a random legal move, now and then an undo and a fresh look at the
state, a new game when one ends. Prints requests per second, latency percentiles and errors
(expected 0). A benchmark, not a test: ctest does not run it.

Usage: web_load.py MANCALA [--clients N] [--seconds S] [--game PATH]"""
import argparse
import http.client
import json
import random
import subprocess
import sys
import threading
import time


def client_loop(port, game, deadline, seed, latencies, errors):
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(method, path, body=None):
        start = time.perf_counter()
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            connection.request(method, path, json.dumps(body) if body is not None else None, headers)
            response = connection.getresponse()
            data = response.read()
            latencies.append(time.perf_counter() - start)
            if response.status != 200:
                errors.append(f"{method} {path}: {response.status} {data[:120]!r}")
                return None
            return json.loads(data)
        except (OSError, http.client.HTTPException) as e:
            errors.append(f"{method} {path}: {e}")
            connection.close()
            return None

    session = call("POST", "/api/sessions", {})
    if not session:
        return
    base = f"/api/sessions/{session['session']}"
    state = call("POST", f"{base}/load", {"path": game})
    while state and time.monotonic() < deadline:
        position = state["position"]
        if position["over"]:
            state = call("POST", f"{base}/restart", {})
            if state:
                state = state["state"]
            continue
        roll = rng.random()
        if roll < 0.1 and state["played"]:
            result = call("POST", f"{base}/undo", {"count": 1})
        elif roll < 0.2:
            result = {"state": call("GET", base)}
        else:
            result = call("POST", f"{base}/play", {"move": rng.choice(position["legal"])["text"]})
        state = result and result["state"]


def percentile(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(p / 100 * len(sorted_values)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mancala")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--game", default="games/kalah.lud")
    args = parser.parse_args()
    if not 1 <= args.clients <= 256 or not 0 < args.seconds <= 300:
        parser.error("1 to 256 clients, for at most 300 seconds")
    server = subprocess.Popen([args.mancala, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()
        port = int(first.rsplit(":", 1)[1].strip("/\n"))
        latencies, errors = [], []
        deadline = time.monotonic() + args.seconds
        threads = [threading.Thread(target=client_loop, args=(port, args.game, deadline, seed, latencies, errors))
                   for seed in range(args.clients)]
        start = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - start
    finally:
        server.terminate()
        server.wait(timeout=20)
    values = sorted(latencies)
    print(f"{args.clients} clients, {args.seconds:g} s, {args.game}: {len(values)} requests, "
          f"{len(values) / elapsed:.0f} requests/s")
    if values:
        print("latency ms: p50 {:.2f}, p95 {:.2f}, p99 {:.2f}, max {:.2f}".format(
            *(1000 * percentile(values, p) for p in (50, 95, 99)), 1000 * values[-1]))
    print(f"errors: {len(errors)}")
    for e in errors[:10]:
        print("  " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
