"""scenario_forkserver.py: the processes of one pool share one import of
the libraries (Linux).

A bridge process imports its libraries (LangGraph, langchain-core) for a
second or more of CPU. The harness starts one process per --concurrency
slot, each the same program on the same suite, and the second one would
import them again while the first already serves scenarios. Instead, the
first process (the owner) binds an abstract unix socket named after all
that makes a process what it is (the harness that started it, the
interpreter and its flags, the bridge's files, the suite root and what
lies at its top, the environment); once it has imported everything and
before it answers any request it forks a server, a copy of itself in that
state. A later process of the same name (a member, started by the same
harness) hands the server its stdin, stdout and stderr: the server forks
a worker, which takes them over, joins the member's process group and
answers in its place, as fresh as a new process (nothing was served
before the fork). The member waits, and exits as the worker exits (its
status, or the signal that ended it), so that the harness sees its own
process end as the bridge ends. When anything fails before the worker
answers, the member goes on alone, as if there were no server.

The server runs in a process group of its own (killing the owner's
group, which the harness does as it stops the owner, does not cut the
members' workers off from it) and exits once the owner and the workers
are gone. Only a process of the same user and of the same parent (the
harness) is served.
"""

import hashlib
import os
import select
import socket
import struct
import sys

# the owner's listening socket, until it forks the server (start)
_listener = None


def _name():
    """The socket's name: a hash of what makes two bridge processes the
    same program on the same suite under the same harness."""
    h = hashlib.sha256()

    def add(v):
        h.update(repr(v).encode("utf-8", "surrogateescape"))
        h.update(b"\0")

    here = os.path.dirname(os.path.abspath(__file__))
    add((os.getppid(), os.getuid(), sys.executable, sys.version, tuple(sys.flags)))
    add([a.replace(here, "{dir}") for a in getattr(sys, "orig_argv", sys.argv)])
    add([p.replace(here, "{dir}") for p in sys.path])
    add(os.getcwd())
    add(sorted(os.environ.items()))
    for name in sorted(os.listdir(here)):
        with open(os.path.join(here, name), "rb") as f:
            add((name, hashlib.sha256(f.read()).hexdigest()))
    # what the suite root holds at its top: a module there may stand for a
    # library's (the root is on sys.path)
    with os.scandir(os.getcwd()) as entries:
        for e in sorted(entries, key=lambda e: e.name):
            st = e.stat(follow_symlinks=False)
            add((e.name, st.st_ino, st.st_mtime_ns))
    return "\0scenario-python-" + h.hexdigest()[:40]


def join():
    """Hands this process to the server of an identical one, if there is
    one, and exits as its worker does; else makes this process the owner
    (the server forks at start) and returns. Returns too when anything
    fails: the process then runs on its own."""
    global _listener
    if not sys.platform.startswith("linux") or not hasattr(socket, "send_fds") or not hasattr(os, "pidfd_open"):
        return
    try:
        # the server waits for its workers on pidfds (Linux 5.3)
        os.close(os.pidfd_open(os.getpid()))
    except OSError:
        return
    try:
        name = _name()
    except OSError:
        return
    for _ in range(3):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(name)
        except OSError:
            s.close()
        else:
            _member(s)
            return
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.bind(name)
            s.listen(64)
        except OSError:
            # another process bound it between the two: connect to it
            s.close()
            continue
        _listener = s
        return


def _member(s):
    """Hands stdin, stdout and stderr to the server's worker and exits as
    it does; returns when the server does not take them."""
    f = s.makefile("rb")
    try:
        socket.send_fds(s, [b"fds"], [0, 1, 2])
        first = f.readline().split()
    except OSError:
        first = []
    if len(first) != 2 or first[0] != b"ok":
        f.close()
        s.close()
        return
    # the worker holds the pipes now: the harness sees their ends as the
    # worker's
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    try:
        last = f.readline().split()
    except OSError:
        last = []
    if len(last) == 2 and last[0] == b"exit":
        os._exit(int(last[1]))
    if len(last) == 2 and last[0] == b"signal":
        import signal
        sig = int(last[1])
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (OSError, ValueError):
            pass  # SIGKILL has no handler to reset
        os.kill(os.getpid(), sig)
        os._exit(128 + sig)
    # the server is gone: wait for the worker itself
    pid = int(first[1])
    try:
        fd = os.pidfd_open(pid)
        select.select([fd], [], [])
    except OSError:
        pass
    sys.stderr.write("the bridge's worker process ended and its exit status is lost\n")
    os._exit(1)


def start(pipes):
    """In the owner, once everything is imported and before the first
    request: forks the server and returns. In a worker the server forked,
    returns too, with the member's stdin and stdout on the descriptors
    pipes names (the protocol's reader and writer) and its stderr on 1 and
    2. A process that is no owner returns at once."""
    global _listener
    listener, _listener = _listener, None
    if listener is None:
        return
    if _threads() != 1:
        # a fork copies the calling thread alone: a lock another thread
        # held (a library's, a sitecustomize's) stays held in every copy.
        # The members then run on their own
        listener.close()
        return
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        r, w = os.pipe()
        pid = os.fork()
    except OSError:
        listener.close()
        return
    if pid:
        # the owner: the server holds the socket; w tells it when the owner
        # is gone
        os.close(r)
        listener.close()
        return
    try:
        os.close(w)
        member = _serve(listener, r, pipes)
    except BaseException:  # noqa: BLE001
        os._exit(1)
    if member is None:
        os._exit(0)
    _become_worker(member, pipes)


def _threads():
    """How many threads this process runs (0 when it cannot tell)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 0


def _serve(listener, owner, pipes):
    """The server's loop; returns in a worker (its member, as _accept
    gives it), never in the server, which exits once the owner and its
    workers are gone."""
    os.setpgid(0, 0)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (*pipes, 1, 2):
        os.dup2(null, fd, inheritable=fd in (1, 2))
    os.close(null)
    workers = {}  # pidfd -> (pid, connection to the member)
    owner_on = True
    while owner_on or workers:
        watch = [listener, *workers] + ([owner] if owner_on else [])
        ready, _, _ = select.select(watch, [], [])
        for x in ready:
            if x == owner:
                os.close(owner)
                owner_on = False
            elif x is listener:
                member = _accept(listener)
                if member is None:
                    continue
                conn, _, fds = member
                pid = os.fork()
                if pid == 0:
                    listener.close()
                    if owner_on:
                        os.close(owner)
                    for fd, (_, c) in workers.items():
                        os.close(fd)
                        c.close()
                    return member
                # the worker's now: the harness sees the pipes' ends once
                # the worker is done with them
                for fd in fds:
                    os.close(fd)
                try:
                    workers[os.pidfd_open(pid)] = (pid, conn)
                except OSError:
                    conn.close()
            else:
                pid, conn = workers.pop(x)
                os.close(x)
                _, status = os.waitpid(pid, 0)
                said = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.waitstatus_to_exitcode(status)}"
                try:
                    conn.sendall(said.encode() + b"\n")
                except OSError:
                    pass
                conn.close()
    return None


def _accept(listener):
    """A member: its connection, its process group and its pipes, or None.
    Only a process of this user started by the owner's parent is
    served."""
    try:
        conn, _ = listener.accept()
    except OSError:
        return None
    try:
        pid, uid, _ = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
        with open(f"/proc/{pid}/stat", "rb") as f:
            ppid = int(f.read().rpartition(b")")[2].split()[1])
        if uid != os.getuid() or ppid != _owner_parent:
            conn.close()
            return None
        msg, fds, _, _ = socket.recv_fds(conn, 16, 3)
        if msg != b"fds" or len(fds) != 3:
            for fd in fds:
                os.close(fd)
            conn.close()
            return None
        return conn, os.getpgid(pid), fds
    except (OSError, ValueError):
        conn.close()
        return None


def _become_worker(member, pipes):
    """Takes over the member's pipes and process group; tells it so."""
    conn, pgid, fds = member
    fin, fout, ferr = fds
    try:
        os.dup2(fin, pipes[0], inheritable=False)
        os.dup2(fout, pipes[1], inheritable=False)
        os.dup2(ferr, 1)
        os.dup2(ferr, 2)
        for fd in fds:
            os.close(fd)
        os.setpgid(0, pgid)
        conn.sendall(f"ok {os.getpid()}\n".encode())
        conn.close()
    except OSError:
        os._exit(1)


# the harness that started the owner: a member must be its child too
_owner_parent = os.getppid()
