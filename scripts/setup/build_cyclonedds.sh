#!/usr/bin/env bash
# Build Cyclone DDS 0.10.2, the version of Debian bookworm's libddsc0debian, with its symbol table
# kept: the code-path signal counts Cyclone's receive thread by its functions' names
# (scripts/latency_gate/runner/middleware/cyclonedds.py), and Debian's library exports only its API.
#
# 1. The source: upstream's 0.10.2 tree, as the crates.io package cyclors 0.1.7 ships it (its
#    cyclonedds/ folder, fetched with cargo); Debian's source package is not served to this
#    project's machines. Its files are checked against SOURCE_TREE_SHA256 below (upstream's tag
#    0.10.2, the tree Debian's 0.10.2-2 packages). LATENCY_GATE_CYCLONEDDS_SOURCE names a tree to
#    copy instead. The patches of scripts/setup/cyclonedds-patches/ are applied to the copy: they
#    keep the functions the signal switches off by name out of line (the patch's header says why).
# 2. CMake with Debian's choices, as far as its library shows them: RelWithDebInfo (-O2 -g
#    -DNDEBUG, no link-time optimisation) with dpkg-buildflags' flags for bookworm amd64, -z relro
#    -z now, security, SSL and iceoryx's shared memory on (Debian's dds/features.h). Its .text is
#    within 80 bytes of Debian's (0xac86f against 0xac8bf bytes, before the patch). Not stripped.
#    Only the library and the security plugins are built, with a compiler cache (ccache).
# 3. The library is also named libddsc.so.0debian, Debian's soname: a program linked against
#    Debian's loads it when its directory comes first in LD_LIBRARY_PATH (the runner does that
#    for counted runs), and the plugins beside it (Debian's own look in libddsc0debian/).
#
# Usage: build_cyclonedds.sh     prints the library directory on its last line
#
# Environment:
#   LATENCY_GATE_BUILD_DIR            where everything generated goes (default: <repo>/build);
#                                     the library: <build dir>/cyclonedds-0.10.2/lib
#   LATENCY_GATE_CYCLONEDDS_SOURCE    a Cyclone DDS 0.10.2 tree to build instead of fetching it
#   CCACHE_DIR                        the compiler cache (default: <build dir>/ccache)
set -euo pipefail

VERSION=0.10.2
CRATE=cyclors
CRATE_VERSION=0.1.7
# sha256 of `sha256sum` over the tree's files (sorted, relative paths) of upstream's tag 0.10.2.
SOURCE_TREE_SHA256=b004076b1cc80819990c891a5dda61ab2061be42fd1db9e4aaded9cf4abf6747

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${LATENCY_GATE_BUILD_DIR:-$REPO/build}
OUT=$BUILD_DIR/cyclonedds-$VERSION
LIBRARY_DIR=$OUT/lib

tree_digest() {
    (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-64)
}

# The checked, patched source: rebuilt when the patches change.
patches=("$REPO"/scripts/setup/cyclonedds-patches/*.patch)
patched=$(cat "${patches[@]}" | sha256sum | cut -c1-16)
source_tree=$OUT/source
if [[ ! -f $source_tree/.patched-$patched ]]; then
    rm -rf "$source_tree"
    if [[ -n ${LATENCY_GATE_CYCLONEDDS_SOURCE:-} ]]; then
        cp -a "$LATENCY_GATE_CYCLONEDDS_SOURCE" "$source_tree"
        rm -rf "$source_tree/.git"
    else
        command -v cargo > /dev/null || {
            echo "build_cyclonedds: cargo is needed to fetch Cyclone DDS's source (crates.io package $CRATE)" >&2
            exit 3
        }
        fetch=$OUT/fetch
        rm -rf "$fetch" && mkdir -p "$fetch/src"
        printf '[package]\nname = "cyclonedds-source"\nversion = "0.0.0"\nedition = "2018"\npublish = false\n\n[dependencies]\n%s = "=%s"\n' \
            "$CRATE" "$CRATE_VERSION" > "$fetch/Cargo.toml"
        touch "$fetch/src/lib.rs"
        echo "build_cyclonedds: cargo fetch $CRATE $CRATE_VERSION (Cyclone DDS $VERSION's source)"
        # The host's target only: the crate's build dependencies for other systems are not fetched.
        host=$(rustc -vV | sed -n 's/^host: //p')
        CARGO_HOME=$OUT/cargo cargo fetch -q --manifest-path "$fetch/Cargo.toml" --target "$host"
        crate=$(find "$OUT/cargo/registry/src" -maxdepth 2 -type d -name "$CRATE-$CRATE_VERSION" | head -1)
        cp -a "$crate/cyclonedds" "$source_tree"
        rm -rf "$fetch" "$OUT/cargo"
    fi
    digest=$(tree_digest "$source_tree")
    if [[ $digest != "$SOURCE_TREE_SHA256" ]]; then
        echo "build_cyclonedds: $source_tree: not Cyclone DDS $VERSION's tree (digest $digest)" >&2
        exit 3
    fi
    for patch_file in "${patches[@]}"; do
        patch --quiet --forward -d "$source_tree" -p1 < "$patch_file" || {
            echo "build_cyclonedds: $patch_file: does not apply to Cyclone DDS $VERSION" >&2
            exit 3
        }
    done
    touch "$source_tree/.patched-$patched"
fi

export CCACHE_DIR=${CCACHE_DIR:-$BUILD_DIR/ccache}
export CCACHE_BASEDIR=$source_tree
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache)
# Debian's: debhelper's CMake build (type None) with dpkg-buildflags' flags for bookworm amd64.
cflags="-g -O2 -ffile-prefix-map=$source_tree=. -fstack-protector-strong -Wformat -Werror=format-security"
cmake -S "$source_tree" -B "$OUT/build" -G "Unix Makefiles" -Wno-dev "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="$cflags -Wdate-time -D_FORTIFY_SOURCE=2" \
    -DCMAKE_SHARED_LINKER_FLAGS="-Wl,-z,relro -Wl,-z,now" \
    -DBUILD_IDLC=OFF -DBUILD_DDSPERF=OFF -DBUILD_TESTING=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOCS=OFF \
    -DENABLE_SECURITY=ON -DENABLE_SSL=ON -DENABLE_SHM=ON > "$OUT/cmake.log" 2>&1 || {
    echo "build_cyclonedds: cmake failed (log: $OUT/cmake.log)" >&2
    exit 3
}
cmake --build "$OUT/build" -j "$(nproc)" > "$OUT/build.log" 2>&1 || {
    echo "build_cyclonedds: the build failed (log: $OUT/build.log)" >&2
    exit 3
}
mkdir -p "$LIBRARY_DIR"
# Replaced by a rename, never rewritten in place: a counted run may have the old one mapped.
for built in "$OUT"/build/lib/libddsc.so.$VERSION "$OUT"/build/lib/libdds_security_*.so; do
    installed=$LIBRARY_DIR/$(basename "$built")
    if ! cmp -s "$built" "$installed"; then
        cp -a "$built" "$installed.new" && mv -f "$installed.new" "$installed"
    fi
done
ln -sfn "libddsc.so.$VERSION" "$LIBRARY_DIR/libddsc.so.0debian"
echo "$LIBRARY_DIR"
