#!/usr/bin/env python3
"""Load on `conquian serve` over HTTP on loopback: CLIENTS clients at once, each opening a
game of the library at its deal, playing random legal moves to its end and closing it, until
GAMES games are played; one more client asks for a hint (the seat's view, MOVETIME ms) now
and then meanwhile. Prints the play round trip's p50 and p99, the hint's worst lateness past
its movetime, and the server's resident memory after the first tenth of the games and at the
end (flat: no growth with the games played and closed).

  serve_load.py --bin build/conquian [--clients 50] [--games 10000] [--movetime 200] [--record FILE]
"""
import argparse
import http.client
import json
import os
import random
import re
import subprocess
import threading
import time

TOP = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


class Client:
    def __init__(self, port, token):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.headers = {"X-Conquian-Token": token, "Content-Type": "application/json"}

    def call(self, method, path, body=None):
        # Bytes, so that http.client sends the headers and the body in one write (a str body
        # is a second write, which Nagle's algorithm holds for the server's delayed ACK).
        data = json.dumps(body).encode() if body is not None else None
        self.conn.request(method, path, body=data, headers=self.headers)
        res = self.conn.getresponse()
        data = json.loads(res.read())
        if res.status >= 300:
            raise RuntimeError(f"{method} {path}: {res.status} {data}")
        return data


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(TOP, "build", "conquian"))
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--movetime", type=int, default=200)
    ap.add_argument("--record", default=os.path.join(TOP, "corpus", "legal", "american-win.yaml"))
    a = ap.parse_args()
    proc = subprocess.Popen([a.bin, "serve", "--port", "0", a.record], stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline() + proc.stdout.readline()
        m = re.search(r":(\d+)/\?token=([0-9a-f]+)", line)
        port, token = int(m.group(1)), m.group(2)
        lock = threading.Lock()
        plays, hints, rss = [], [], {}
        started = [0]
        done = [0]
        stop = threading.Event()

        def player(seed):
            rng = random.Random(seed)
            c = Client(port, token)
            local = []
            while True:
                with lock:
                    if started[0] >= a.games:
                        break
                    started[0] += 1
                st = c.call("POST", "/api/open", {"game": 0})
                sid = st["session"]
                while st["legal"] and not st["over"]:
                    move = rng.choice(st["legal"])["move"]
                    t = time.perf_counter()
                    st = c.call("POST", f"/api/session/{sid}/play", {"move": move})
                    local.append(time.perf_counter() - t)
                c.call("DELETE", f"/api/session/{sid}")
                with lock:
                    done[0] += 1
                    if done[0] == max(1, a.games // 10):
                        rss["tenth"] = rss_kib(proc.pid)
            with lock:
                plays.extend(local)

        def hinter():
            c = Client(port, token)
            st = c.call("POST", "/api/open", {"game": 0, "ply": 2})
            while not stop.is_set():
                t = time.perf_counter()
                c.call("POST", f"/api/session/{st['session']}/solve", {"mode": "view", "movetime": a.movetime})
                hints.append(time.perf_counter() - t - a.movetime / 1000)
                stop.wait(0.5)

        start = time.perf_counter()
        threads = [threading.Thread(target=player, args=(i,)) for i in range(a.clients)]
        h = threading.Thread(target=hinter)
        for t in threads:
            t.start()
        h.start()
        for t in threads:
            t.join()
        stop.set()
        h.join()
        wall = time.perf_counter() - start
        rss["end"] = rss_kib(proc.pid)
        print(f"{a.games} games, {len(plays)} plays by {a.clients} clients in {wall:.1f} s "
              f"({len(plays) / wall:,.0f} plays/s)")
        print(f"play round trip: p50 {percentile(plays, 50) * 1000:.2f} ms, p99 {percentile(plays, 99) * 1000:.2f} ms")
        print(f"hint (view, movetime {a.movetime} ms) past its movetime under load: worst "
              f"{max(hints) * 1000:.1f} ms, median {percentile(hints, 50) * 1000:.1f} ms, {len(hints)} hints")
        print(f"server memory (RSS): {rss.get('tenth', 0) / 1024:.1f} MiB after {a.games // 10} games, "
              f"{rss['end'] / 1024:.1f} MiB after {a.games}")
    finally:
        proc.kill()
        proc.wait()


if __name__ == "__main__":
    main()
