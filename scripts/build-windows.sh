#!/bin/sh
# Builds the Windows engine and the zip Gomocup expects, by cross-compiling with mingw-w64.
#
# usage: scripts/build-windows.sh             build the exes and the zip
#        scripts/build-windows.sh --measure [N]
#                                             only compare x86-64 and x86-64-v3 speed: native
#                                             Linux builds of both, `bench` alternated N times
#                                             (default 9, ABBA order), medians and best runs
# env:   OUT  output folder (default target/gomocup)
#
# Output:
#   $OUT/pbrain-kakugo.exe             any 64-bit Windows PC (Piskvork, Yixin-Board, ...)
#   $OUT/x86-64-v3/pbrain-kakugo.exe   CPUs with AVX2/BMI2/FMA (Haswell, Zen and later), only
#                                      when V3=1 below
#   $OUT/kakugo.zip                    the Gomocup submission: pbrain-kakugo.exe alone at the
#                                      archive's root (the x86-64-v3 build when V3=1: Gomocup
#                                      guarantees those instructions since 2024)
# Needs: rustup target x86_64-pc-windows-gnu, Debian's gcc-mingw-w64-x86-64 (the linker named in
# .cargo/config.toml, which also links the C runtime statically), python3 (for the zip).
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-target/gomocup}
TARGET=x86_64-pc-windows-gnu
# Whether the x86-64-v3 build is made and ships (V3=1) or not (V3=0): it did not measure faster.
# `bench search` nodes/s, 60 ABBA rounds of native builds on a 2-core AMD EPYC shared with other
# builds: median paired ratio v3/x86-64 1.017, bootstrap 95% interval [0.974, 1.039], v3 faster in
# 53% of rounds; medians 651k v. 648k nodes/s. The two exes under Wine, 20 rounds: 1.039
# [0.975, 1.083], v3 faster in 65%. The engine has no explicit SIMD for AVX2 to help.
V3=${V3:-0}
# Gomocup's size limit for an AI, counted in decimal megabytes to be safe.
MAX_ZIP_BYTES=8000000

measure() {
    runs=${1:-9}
    echo "building native x86-64 and x86-64-v3 binaries for the comparison" >&2
    cargo build --release --quiet --bin pbrain-kakugo
    CARGO_TARGET_DIR=target/native-v3 RUSTFLAGS="-C target-cpu=x86-64-v3" \
        cargo build --release --quiet --bin pbrain-kakugo
    tmp=$(mktemp)
    i=0
    while [ "$i" -lt "$runs" ]; do
        for level in base v3 v3 base; do
            bin=target/release/pbrain-kakugo
            [ "$level" = v3 ] && bin=target/native-v3/release/pbrain-kakugo
            "$bin" bench | awk -v l="$level" '
                /^search depth/ { s = $(NF-1) }
                /^make\+unmake freestyle/ { f = $(NF-2) }
                /foul checks/ { c = $(NF-2) }
                /^Bench:/ { b = $2 }
                END { print l, s, f, c, b }' >>"$tmp"
        done
        i=$((i + 1))
    done
    python3 - "$tmp" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
assert len({r[4] for r in rows}) == 1, "both builds must search the same nodes"
names = ["search nodes/s", "make+unmake freestyle M pairs/s", "renju foul M checks/s"]
for k, name in enumerate(names, start=1):
    base = [float(r[k]) for r in rows if r[0] == "base"]
    v3 = [float(r[k]) for r in rows if r[0] == "v3"]
    mb, mv = statistics.median(base), statistics.median(v3)
    print(f"{name:32} x86-64 median {mb:12.6g} best {max(base):12.6g} | "
          f"x86-64-v3 median {mv:12.6g} best {max(v3):12.6g} | v3/base median {mv / mb:.3f} "
          f"best {max(v3) / max(base):.3f}  ({len(base)} runs each)")
print(f"Bench: {rows[0][4]} for both")
EOF
    rm -f "$tmp"
}

if [ "${1:-}" = "--measure" ]; then
    measure "${2:-9}"
    exit 0
fi

echo "building $TARGET x86-64" >&2
cargo build --release --quiet --target "$TARGET" --bin pbrain-kakugo
mkdir -p "$OUT"
rm -rf "$OUT/x86-64-v3"
cp "target/$TARGET/release/pbrain-kakugo.exe" "$OUT/"
ship="$OUT/pbrain-kakugo.exe"
if [ "$V3" = 1 ]; then
    echo "building $TARGET x86-64-v3" >&2
    # RUSTFLAGS replaces the config's target flags, so the static C runtime is asked for again.
    CARGO_TARGET_DIR=target/windows-v3 \
        RUSTFLAGS="-C target-feature=+crt-static -C target-cpu=x86-64-v3" \
        cargo build --release --quiet --target "$TARGET" --bin pbrain-kakugo
    mkdir -p "$OUT/x86-64-v3"
    cp "target/windows-v3/$TARGET/release/pbrain-kakugo.exe" "$OUT/x86-64-v3/"
    ship="$OUT/x86-64-v3/pbrain-kakugo.exe"
fi

# Only DLLs every Windows has: no mingw runtime (libgcc, libwinpthread, libstdc++) to ship.
for exe in "$OUT"/pbrain-kakugo.exe "$OUT"/*/pbrain-kakugo.exe; do
    [ -f "$exe" ] || continue
    dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | tr '\n' ' ')
    for dll in $dlls; do
        case $(echo "$dll" | tr 'A-Z' 'a-z') in
        kernel32.dll | msvcrt.dll | ntdll.dll | bcryptprimitives.dll | api-ms-win-*.dll \
            | advapi32.dll | ws2_32.dll | userenv.dll | bcrypt.dll) ;;
        *)
            echo "error: $exe imports $dll, which a bare Windows lacks" >&2
            exit 1
            ;;
        esac
    done
    echo "$exe: $(wc -c <"$exe") bytes, imports $dlls" >&2
done

rm -f "$OUT/kakugo.zip"
python3 - "$ship" "$OUT/kakugo.zip" "$MAX_ZIP_BYTES" <<'EOF'
import os, sys, zipfile
exe, out, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    z.write(exe, "pbrain-kakugo.exe")
# The checks Gomocup's submission page states: the pbrain- exe at the root, within 8 MB.
with zipfile.ZipFile(out) as z:
    names = z.namelist()
    unpacked = sum(i.file_size for i in z.infolist())
exes = [n for n in names if n.lower().endswith(".exe")]
assert exes == ["pbrain-kakugo.exe"], f"one exe at the root, named pbrain-*: {names}"
assert "/" not in exes[0]
size = os.path.getsize(out)
assert size <= limit and unpacked <= limit, f"{size} bytes zipped, {unpacked} unpacked: over {limit}"
print(f"{out}: {size} bytes ({unpacked} unpacked), holds {names}", file=sys.stderr)
EOF
echo "$OUT/kakugo.zip"
