"""The real server for the board's tests: `conquian serve` started on a free loopback port
(--port 0, the port read from the address it prints) and killed at the end."""
import os
import re
import subprocess
import sys
import time

import pytest

BIN = os.environ.get("CONQUIAN_BIN", "build/conquian")
SRC = os.environ.get("CONQUIAN_SRC", os.path.join(os.path.dirname(__file__), "..", ".."))


class Server:
    def __init__(self, *files, read_timeout=1):
        args = [BIN, "serve", "--port", "0", "--read-timeout", str(read_timeout)]
        args += [os.path.join(SRC, f) for f in files]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = ""
        deadline = time.time() + 30
        while "token=" not in line:
            if time.time() > deadline or self.proc.poll() is not None:
                self.stop()
                raise RuntimeError("conquian serve printed no address: " + line + self.proc.stderr.read())
            line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
        self.port = int(m.group(1))
        self.token = m.group(2)
        self.base = f"http://127.0.0.1:{self.port}"
        self.url = f"{self.base}/?token={self.token}"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def server():
    s = Server("corpus/legal/american-win.yaml", "corpus/analyse/mistakes.yaml", "tests/serve/hostile.yaml",
               "corpus/pan/scenarios.yaml", "corpus/pan/simulated-six-seats.yaml")
    yield s
    s.stop()
