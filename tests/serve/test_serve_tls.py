"""`conquian serve --cert --key`: the board over HTTPS (cpp-httplib's OpenSSL server), tried with
a self-signed certificate made for the test: the page and the API answer over TLS, a plain HTTP
request to the same port gets no page, and a missing or mismatched key is refused in words."""
import json
import os
import re
import shutil
import ssl
import subprocess
import time
import urllib.request

import pytest

from conftest import BIN, SRC

OPENSSL = shutil.which("openssl")
if not OPENSSL:
    pytest.skip("openssl is not installed: no certificate for the HTTPS test", allow_module_level=True)


def make_cert(tmp_path, name):
    cert, key = tmp_path / f"{name}.pem", tmp_path / f"{name}.key"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def start(*extra):
    args = [BIN, "serve", "--port", "0", os.path.join(SRC, "corpus/legal/american-win.yaml"), *extra]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line, deadline = "", time.time() + 30
    while "token=" not in line:
        if time.time() > deadline or proc.poll() is not None:
            proc.kill()
            out, err = proc.communicate(timeout=10)
            return proc, None, line + out + err
        line = proc.stdout.readline()
    return proc, line.strip(), ""


def test_the_board_over_https_with_its_token(tmp_path):
    cert, key = make_cert(tmp_path, "board")
    proc, line, _ = start("--cert", str(cert), "--key", str(key))
    try:
        m = re.search(r"https://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line or "")
        assert m, line
        port, token = m.group(1), m.group(2)
        context = ssl.create_default_context(cafile=str(cert))
        page = urllib.request.urlopen(f"https://127.0.0.1:{port}/?token={token}", context=context, timeout=10)
        assert page.status == 200 and b"conquian board" in page.read()
        req = urllib.request.Request(f"https://127.0.0.1:{port}/api/library", headers={"X-Conquian-Token": token})
        lib = json.loads(urllib.request.urlopen(req, context=context, timeout=10).read())
        assert lib["games"]
        # Plain HTTP on the same port gets no page: the server speaks TLS only.
        with pytest.raises(Exception):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/?token={token}", timeout=5).read()
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_a_key_that_is_not_the_certificates_or_a_half_pair_is_refused(tmp_path):
    cert, _ = make_cert(tmp_path, "one")
    _, other_key = make_cert(tmp_path, "two")
    proc, line, said = start("--cert", str(cert), "--key", str(other_key))
    assert line is None and proc.returncode == 2, said
    assert "cannot serve HTTPS" in said
    proc, line, said = start("--cert", str(cert))
    assert line is None and proc.returncode == 2, said
    assert "--cert and --key go together" in said


def test_public_without_a_certificate_warns_that_the_token_travels_in_clear():
    proc, line, _ = start("--host", "0.0.0.0", "--public")
    try:
        assert line and line.startswith("http://")
    finally:
        proc.kill()
        _, err = proc.communicate(timeout=10)
    assert "travels in clear over plain HTTP" in err
