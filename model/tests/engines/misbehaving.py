"""An engine that misbehaves on purpose, for the tests of `riftcheck conform`.

It stands in front of the reference engine (`riftcheck serve`, whose path is the first
argument) and forwards every request to it, until the Nth `apply` (the third argument, 1 if
absent), where it does the thing named by the second argument:

  crash    writes a message to stderr and exits with status 3
  exit     exits quietly with status 0
  hang     stops answering (and sleeps)
  garbage  answers with a line that is not JSON
  shape    answers with JSON that is not a response (an observation that is a number)
  bytes    answers with a line that is not UTF-8
  close    closes its standard output and goes on running (and sleeps)
  orphan   starts a child that holds its standard output, then exits
  flood    answers with 40 MB on one line
  error    answers with an error whose message is 100,000 characters long
  name     calls itself by a name 100,000 characters long in its `hello` (from the start)
  drop     leaves the field named by the third argument out of every observation, though its
           hello declares every field
  declare  declares in its `hello` the capabilities of the JSON object in the third argument
           (say `{"cards": [], "actions": ["pass", "end turn", "concede"]}`) over the
           reference's, and forwards everything else: an honest engine that can express less,
           since riftcheck sends it nothing it does not declare
  refuse-setup  answers `unsupported` to every setup whose text holds the third argument (say
           `"mode":"war"`), without passing it on: the game before goes on being served, as a
           kit that kept it did, so that a run exploring after such an answer reads that game

Standard library only.
"""

import os
import subprocess
import sys
import time


def main(argv):
    serve, mode = argv[0], argv[1]
    if mode == "drop":
        drop(serve, argv[2])
        return
    if mode == "declare":
        declare(serve, argv[2])
        return
    if mode == "refuse-setup":
        refuse_setup(serve, argv[2])
        return
    nth = int(argv[2]) if len(argv) > 2 else 1
    child = subprocess.Popen([serve, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, bufsize=1)
    applies = 0
    for line in sys.stdin:
        if mode == "name" and '"hello"' in line:
            import json
            child.stdin.write(line)
            child.stdin.flush()
            answer = json.loads(child.stdout.readline())
            answer["hello"]["name"] = "n" * 100000
            print(json.dumps(answer), flush=True)
            continue
        if '"apply"' in line:
            applies += 1
            if applies == nth:
                if mode == "crash":
                    print("misbehaving: the rules engine fell over", file=sys.stderr, flush=True)
                    sys.exit(3)
                if mode == "exit":
                    sys.exit(0)
                if mode == "hang":
                    time.sleep(3600)
                if mode == "garbage":
                    print("<html>not json</html>", flush=True)
                    continue
                if mode == "shape":
                    print('{"observation": 5}', flush=True)
                    continue
                if mode == "bytes":
                    sys.stdout.buffer.write(b'{"observation": "\xff\xfe"}\n')
                    sys.stdout.buffer.flush()
                    continue
                if mode == "close":
                    sys.stdout.close()
                    os.close(1)
                    time.sleep(3600)
                if mode == "flood":
                    chunk = "x" * (1 << 20)
                    for _ in range(40):
                        sys.stdout.write(chunk)
                    print(flush=True)
                    continue
                if mode == "error":
                    print('{"error": "%s"}' % ("e" * 100000), flush=True)
                    continue
                if mode == "orphan":
                    subprocess.Popen(["sleep", "3600"], stdout=sys.stdout)
                    sys.exit(4)
        child.stdin.write(line)
        child.stdin.flush()
        print(child.stdout.readline(), end="", flush=True)


def refuse_setup(serve, text):
    child = subprocess.Popen([serve, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, bufsize=1)
    for line in sys.stdin:
        if '"setup"' in line and text in line:
            print('{"unsupported": "no table like this one here"}', flush=True)
            continue
        child.stdin.write(line)
        child.stdin.flush()
        print(child.stdout.readline(), end="", flush=True)


def relay(serve, change):
    """Forwards every request to the reference engine, each answer through `change`."""
    import json
    child = subprocess.Popen([serve, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, bufsize=1)
    for line in sys.stdin:
        child.stdin.write(line)
        child.stdin.flush()
        answer = json.loads(child.stdout.readline())
        change(answer)
        print(json.dumps(answer), flush=True)


def drop(serve, field):
    def change(answer):
        if isinstance(answer.get("observation"), dict):
            answer["observation"].pop(field, None)
    relay(serve, change)


def declare(serve, caps):
    import json
    caps = json.loads(caps)

    def change(answer):
        if isinstance(answer.get("hello"), dict):
            answer["hello"]["capabilities"].update(caps)
    relay(serve, change)


if __name__ == "__main__":
    main(sys.argv[1:])
