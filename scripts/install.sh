#!/usr/bin/env bash
# Installs a released rtgit binary for the GitHub Action (action.yml), and
# refuses to install anything it could not verify.
#
#   RTGIT_REF      the release to install: v1.2.3, a major tag such as v1
#                  (the newest v1.x.y release), or the full SHA of a
#                  release's commit; anything else has no release
#   RTGIT_REPO     owner/name of the repository that publishes the releases
#   GITHUB_API_URL the API (default https://api.github.com)
#   GITHUB_SERVER_URL where release assets download from (default https://github.com)
#   GH_TOKEN       optional; raises the API's rate limit
#   RUNNER_OS, RUNNER_ARCH, RUNNER_TOOL_CACHE, RUNNER_TEMP  as on a runner
#
# It downloads rtgit_<os>_<arch>.tar.gz (.zip on Windows) and checksums.txt
# from the release, checks the archive's SHA-256 against checksums.txt and
# only then unpacks it into the tool cache, where later runs on the same
# runner find it. It prints found=true or found=false to GITHUB_OUTPUT (or
# stdout): false means the ref has no release and the caller builds from
# source. A checksum that does not match is an error, never a fallback.
set -euo pipefail

say() { echo "rtgit install: $*" >&2; }
die() { say "$*"; exit 1; }
output() {
  if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1" >>"$GITHUB_OUTPUT"; else echo "$1"; fi
}
no_release() {
  say "$1; building rtgit from source instead."
  output "found=false"
  exit 0
}

ref="${RTGIT_REF:-}"
repo="${RTGIT_REPO:-}"
api="${GITHUB_API_URL:-https://api.github.com}"
server="${GITHUB_SERVER_URL:-https://github.com}"
[ -n "$repo" ] || no_release "no repository to download releases from"

case "${RUNNER_OS:-$(uname -s)}" in
  Linux | linux) os=linux ;;
  macOS | Darwin | darwin) os=darwin ;;
  Windows | windows | MINGW* | MSYS*) os=windows ;;
  *) no_release "no release build for the OS ${RUNNER_OS:-$(uname -s)}" ;;
esac
case "${RUNNER_ARCH:-$(uname -m)}" in
  X64 | x86_64 | amd64) arch=amd64 ;;
  ARM64 | aarch64 | arm64) arch=arm64 ;;
  *) no_release "no release build for the architecture ${RUNNER_ARCH:-$(uname -m)}" ;;
esac
ext=tar.gz exe=rtgit
if [ "$os" = windows ]; then ext=zip exe=rtgit.exe; fi
asset="rtgit_${os}_${arch}.${ext}"

curl_args=(--fail --silent --show-error --location --retry 3 --connect-timeout 10)
api_args=("${curl_args[@]}" -H "Accept: application/vnd.github+json")
if [ -n "${GH_TOKEN:-}" ]; then api_args+=(-H "Authorization: Bearer $GH_TOKEN"); fi

# A major tag (v1) names no release of its own: it is the newest final
# v1.x.y release.
if [[ "$ref" =~ ^v[0-9]+$ ]]; then
  tags=$(curl "${api_args[@]}" "$api/repos/$repo/releases?per_page=100" |
    grep -oE '"tag_name": *"v[0-9]+\.[0-9]+\.[0-9]+"' | grep -oE 'v[0-9]+\.[0-9]+\.[0-9]+' || true)
  tag=$(printf '%s\n' "$tags" | grep -E "^${ref}\." | sort -V | tail -n1 || true)
  [ -n "$tag" ] || no_release "no ${ref}.x.y release of $repo"
  say "$ref is $tag"
elif [[ "$ref" =~ ^v[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$ ]]; then
  tag="$ref"
elif [[ "$ref" =~ ^[0-9a-f]{40}$ ]]; then
  # Pinned by commit (uses: owner/rtgit@<sha> # v1.2.3): the release is the
  # vX.Y.Z tag on that commit, if there is one.
  command -v jq >/dev/null || no_release "jq is needed to find the release of commit $ref"
  tag=$(curl "${api_args[@]}" "$api/repos/$repo/tags?per_page=100" |
    jq -r --arg sha "$ref" '.[] | select(.commit.sha == $sha) | .name' |
    grep -E '^v[0-9]+\.[0-9]+\.[0-9]+$' | sort -V | tail -n1 || true)
  [ -n "$tag" ] || no_release "commit $ref carries no release tag"
  say "commit ${ref:0:12} is $tag"
else
  no_release "the ref '${ref:-(none)}' is not a release"
fi

cache="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}/tool-cache}/rtgit/${tag#v}/${arch}"
if [ -f "$cache.complete" ] && [ -x "$cache/$exe" ]; then
  say "rtgit $tag from the tool cache"
else
  work=$(mktemp -d "${RUNNER_TEMP:-/tmp}/rtgit-install.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  base="$server/$repo/releases/download/$tag"
  if ! curl "${curl_args[@]}" -o "$work/checksums.txt" "$base/checksums.txt" 2>"$work/err"; then
    no_release "release $tag of $repo has no checksums.txt ($(head -c 200 "$work/err"))"
  fi
  curl "${curl_args[@]}" -o "$work/$asset" "$base/$asset" || die "cannot download $asset of release $tag"

  want=$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1 }' "$work/checksums.txt")
  [ -n "$want" ] || die "checksums.txt of $tag lists no $asset; refusing to install it"
  if command -v sha256sum >/dev/null; then
    got=$(sha256sum "$work/$asset" | awk '{print $1}')
  else
    got=$(shasum -a 256 "$work/$asset" | awk '{print $1}')
  fi
  if [ "$got" != "$want" ]; then
    die "checksum mismatch for $asset of $tag: checksums.txt says $want, the download is $got; refusing to install it"
  fi
  say "verified $asset of $tag (sha256 $got)"

  mkdir -p "$work/unpack"
  if [ "$ext" = zip ]; then
    unzip -q "$work/$asset" "$exe" -d "$work/unpack"
  else
    tar -xzf "$work/$asset" -C "$work/unpack" "$exe"
  fi
  rm -rf "$cache" "$cache.complete"
  mkdir -p "$cache"
  mv "$work/unpack/$exe" "$cache/$exe"
  chmod +x "$cache/$exe"
  touch "$cache.complete"
fi

if [ -n "${GITHUB_PATH:-}" ]; then echo "$cache" >>"$GITHUB_PATH"; fi
output "found=true"
output "path=$cache/$exe"
say "installed rtgit $tag at $cache/$exe"
