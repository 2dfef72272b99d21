#!/usr/bin/env python3
"""make dist: reads the `git archive --format=tar` of the release's files on
stdin and writes the release zip, its Markdown made to stand alone:

* README.md: the part between <!-- clone --> and <!-- /clone --> (the
  clone's `make demo` and `make test`, whose scripts the zip does not carry)
  is replaced by the text of the <!-- release zip: ... --> comment, which
  says what the zip is for;
* in every Markdown file, a relative link to a file the zip does not hold
  becomes the file's path in the repository, as text (outside code blocks).

test/packaging/dist.sh checks the result: every link of the unpacked zip
resolves, and its README promises only what works there.

    git archive --format=tar --prefix=uidx-1.3.0/ HEAD -- PATHS \\
      | dist-docs.py uidx-1.3.0 uidx-1.3.0.zip
"""
import io, os, posixpath, re, sys, tarfile, time, zipfile

root, out = sys.argv[1], sys.argv[2]
members = []
with tarfile.open(fileobj=io.BytesIO(sys.stdin.buffer.read()), mode="r:") as tar:
    for m in tar.getmembers():
        if m.isfile():
            members.append((m.name, m.mtime, m.mode, tar.extractfile(m).read()))
if not members:
    sys.exit("dist-docs.py: no files on stdin")
names = {n for n, *_ in members}
dirs = {posixpath.dirname(n) for n in names}
while any(posixpath.dirname(d) not in dirs for d in dirs if d):
    dirs |= {posixpath.dirname(d) for d in dirs}

CLONE = re.compile(r"<!-- clone -->\n.*?<!-- /clone -->\n", re.S)
NOTE = re.compile(r"<!-- release zip:\n(.*?)-->\n", re.S)
LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


def readme(text):
    note = NOTE.search(text)
    if not note or len(CLONE.findall(text)) != 1:
        sys.exit("dist-docs.py: README.md needs one <!-- clone --> ... <!-- /clone --> part "
                 "and a <!-- release zip: ... --> note")
    text = NOTE.sub("", text)
    return CLONE.sub(lambda _: note.group(1), text)


def relink(name, text):
    here = posixpath.dirname(name)

    def one(m):
        bang, label, target = m.groups()
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            return m.group(0)
        path = posixpath.normpath(posixpath.join(here, target.split("#")[0]))
        if path in names or path in dirs:
            return m.group(0)
        repo_path = path.split("/", 1)[1]
        if bang:
            return f"({label}: `{repo_path}` in the uidx repository)"
        if label.strip("`") == repo_path:
            return f"`{repo_path}` (in the uidx repository)"
        return f"{label} (`{repo_path}` in the uidx repository)"

    out_lines, fence = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fence = not fence
        out_lines.append(line if fence else LINK.sub(one, line))
    return "\n".join(out_lines)


with zipfile.ZipFile(out + ".tmp", "w", zipfile.ZIP_DEFLATED) as z:
    for name, mtime, mode, data in sorted(members):
        if name.endswith(".md"):
            text = data.decode("utf-8")
            if name == f"{root}/README.md":
                text = readme(text)
            data = relink(name, text).encode("utf-8")
        info = zipfile.ZipInfo(name, time.gmtime(mtime)[:6])
        info.external_attr = (mode & 0o777 | 0o100000) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
os.replace(out + ".tmp", out)
print(f"{out}: {len(members)} files", file=sys.stderr)
