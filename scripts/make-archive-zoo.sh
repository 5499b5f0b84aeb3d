#!/usr/bin/env bash
# Regenerates test-support/archive-zoo/: the same skill folder (source/zoo-skill: an executable script, a non-ASCII
# name, a path over 100 characters, nested folders) archived by the real tools people use. The tests read the
# committed files; run this by hand when a producer is added (it may need: apt-get install zip p7zip-full
# libarchive-tools). Entries get a fixed date so a rerun changes only what the tools themselves changed.
set -euo pipefail
cd "$(dirname "$0")/../test-support/archive-zoo"
zoo=$(pwd)
src="$zoo/source"
for tool in python3 zip 7z git tar bsdtar; do
  command -v "$tool" >/dev/null || { echo "make-archive-zoo: $tool is missing" >&2; exit 1; }
done
export TZ=UTC LC_ALL=C.UTF-8
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -a "$src/zoo-skill" "$work/zoo-skill"
find "$work/zoo-skill" -exec touch -h -d "2026-01-01 00:00:00" {} +
cd "$work"
rm -f "$zoo"/*.zip "$zoo"/*.tar "$zoo"/*.tar.gz "$zoo"/*.tgz

# Python's zipfile, three ways: writestr with a name (mode 0o600, no type bits), writestr with a bare ZipInfo (no
# attributes at all), and write from disk (real modes and folder entries).
python3 - "$zoo" <<'PY'
import os, sys, zipfile
zoo = sys.argv[1]
files = sorted(os.path.join(d, f) for d, _, fs in os.walk("zoo-skill") for f in fs)
dirs = sorted(d for d, _, _ in os.walk("zoo-skill"))
read = lambda p: open(p, "rb").read()
with zipfile.ZipFile(f"{zoo}/python-writestr.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for f in files:
        z.writestr(f, read(f))
with zipfile.ZipFile(f"{zoo}/python-zipinfo.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for f in files:
        z.writestr(zipfile.ZipInfo(f, (2026, 1, 1, 0, 0, 0)), read(f))
with zipfile.ZipFile(f"{zoo}/python-write.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for p in dirs + files:
        z.write(p)

# An MS-DOS-made zip: host 0, MS-DOS attributes (0x10 folder, 0x20 archive), names in CP437 without the UTF-8 flag.
class DosInfo(zipfile.ZipInfo):
    def _encodeFilenameFlags(self):
        return self.filename.encode("cp437"), self.flag_bits
with zipfile.ZipFile(f"{zoo}/msdos.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for p in dirs + files:
        info = DosInfo(p + ("/" if p in dirs else ""), (2026, 1, 1, 0, 0, 0))
        info.create_system = 0
        info.external_attr = 0x10 if p in dirs else 0x20
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, b"" if p in dirs else read(p))

# A macOS Archive Utility-style zip: names in decomposed Unicode (NFD) without the UTF-8 flag, Unix modes, an
# AppleDouble file for each entry under __MACOSX/, and a .DS_Store.
import unicodedata
with zipfile.ZipFile(f"{zoo}/macos-archive-utility.zip", "w", zipfile.ZIP_DEFLATED) as z:
    class MacInfo(zipfile.ZipInfo):
        def _encodeFilenameFlags(self):
            return unicodedata.normalize("NFD", self.filename).encode("utf-8"), self.flag_bits
    def add(name, data, mode):
        info = MacInfo(name, (2026, 1, 1, 0, 0, 0))
        info.create_system = 3
        info.external_attr = mode << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data)
    for p in dirs:
        add(p + "/", b"", 0o40755)
    for p in files:
        add(p, read(p), os.stat(p).st_mode)
    add("zoo-skill/.DS_Store", b"\0\0\0\1Bud1" + b"\0" * 64, 0o100644)
    for p in files:
        d, b = os.path.split(p)
        add(f"__MACOSX/{d}/._{b}", b"\0\5\26\7\0\2\0\0Mac OS X        " + b"\0" * 16, 0o100644)
PY

# Python's tarfile (pax by default).
python3 -c 'import sys, tarfile; t = tarfile.open(sys.argv[1], "w:gz"); t.add("zoo-skill"); t.close()' "$zoo/python-tarfile.tgz"

# Info-ZIP: plain, stored (-0), without extra fields (-X), streamed to stdout (data descriptors), forced zip64 (-fz).
zip -q -r "$zoo/infozip.zip" zoo-skill
zip -q -r -0 "$zoo/infozip-stored.zip" zoo-skill
zip -q -r -X "$zoo/infozip-no-extra.zip" zoo-skill
zip -q -r - zoo-skill > "$zoo/infozip-streamed.zip"
zip -q -r -fz "$zoo/infozip-zip64.zip" zoo-skill

# 7-Zip's zip.
7z a -tzip -bso0 -bsp0 "$zoo/7z.zip" zoo-skill

# git archive, zip and tar.gz, with the repository prefix (the tar.gz carries a pax_global_header).
mkdir repo
cp -a zoo-skill repo/
git -C repo init -q
git -C repo add .
GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z" \
  git -C repo -c user.name=zoo -c user.email=zoo@example.invalid commit -q -m zoo
git -C repo archive --format=zip --prefix=zoo-skill-main/ -o "$zoo/git-archive.zip" HEAD
git -C repo archive --format=tar.gz --prefix=zoo-skill-main/ -o "$zoo/git-archive.tar.gz" HEAD

# GNU tar (GNU long names), bsdtar pax (plain .tar), and a tar without folder entries.
tar --format=gnu --owner=0 --group=0 -czf "$zoo/gnu-tar.tar.gz" zoo-skill
bsdtar --format=pax -cf "$zoo/bsdtar-pax.tar" zoo-skill
find zoo-skill -type f | sort | tar --format=gnu --owner=0 --group=0 --no-recursion -czf "$zoo/tar-no-folders.tar.gz" -T -
ls -l "$zoo"
