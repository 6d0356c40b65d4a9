"""Many clients connecting to the board at the same moment, as a classroom opening the page or
a load test starting: every connection is accepted and every first request answered, none
reset for a full queue of connections waiting to be accepted."""
import json
import socket
import threading

CLIENTS = 120


def test_clients_connecting_at_once_are_all_answered(server):
    socks = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(CLIENTS)]
    answers = [None] * CLIENTS
    go = threading.Event()

    def ask(i):
        go.wait()
        try:
            socks[i].sendall(f"GET /api/library HTTP/1.1\r\nHost: x\r\nX-Conquian-Token: {server.token}\r\n"
                             "Connection: close\r\n\r\n".encode())
            data = b""
            while chunk := socks[i].recv(65536):
                data += chunk
            answers[i] = data
        except OSError as e:
            answers[i] = repr(e).encode()

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(CLIENTS)]
    for t in threads:
        t.start()
    go.set()
    for t in threads:
        t.join(60)
    for s in socks:
        s.close()
    refused = [a for a in answers if not a or not a.startswith(b"HTTP/1.1 200")]
    assert not refused, f"{len(refused)} of {CLIENTS} got no answer, e.g. {refused[0][:200]!r}"
    body = answers[0].split(b"\r\n\r\n", 1)[1]
    assert "games" in json.loads(body)
