#!/usr/bin/env bash
# Puts the Node.js major version named in .nvmrc first on PATH, for this shell:
#
#   source scripts/use-node.sh && npm ci && npm start
#
# When `node` already is that major nothing changes. Otherwise the official Linux/macOS build is fetched once
# from the npm registry (package node-<os>-<arch>, the same binaries nodejs.org ships; npm's registry is
# reachable where nodejs.org and GitHub may not be) into a cache directory, and reused from there.
# npm_config_nodedir points node-gyp at that build's own headers, so better-sqlite3 compiles for it without
# downloading anything more.
_rdx_use_node() {
  local root want have os arch cache dir tarball
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  want="$(tr -d ' \nv' <"$root/.nvmrc")"
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true)"
  if [ "$have" = "$want" ]; then return 0; fi

  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "use-node: no Node build for $(uname -s)" >&2; return 1 ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "use-node: no Node build for $(uname -m)" >&2; return 1 ;; esac
  cache="${RDX_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rdx-console/node}"
  # The newest build of that major already fetched, if any.
  dir="$( (ls -d "$cache/node-v$want".*-"$os-$arch" 2>/dev/null || true) | sort -V | tail -n 1)"
  if [ -z "$dir" ] || [ ! -x "$dir/bin/node" ]; then
    mkdir -p "$cache"
    echo "use-node: fetching Node.js $want ($os-$arch) from the npm registry into $cache" >&2
    tarball="$(cd "$cache" && npm pack --silent "node-$os-$arch@$want" | tail -n 1)" || return 1
    local version="${tarball#node-"$os"-"$arch"-}"
    version="${version%.tgz}"
    dir="$cache/node-v$version-$os-$arch"
    rm -rf "$dir.partial" && mkdir -p "$dir.partial"
    tar -xzf "$cache/$tarball" -C "$dir.partial" --strip-components=1 && rm -f "$cache/$tarball" || return 1
    rm -rf "$dir" && mv "$dir.partial" "$dir"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
  echo "use-node: using $(node -v) from $dir" >&2
}
_rdx_use_node
