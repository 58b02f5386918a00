#!/usr/bin/env bash
# The steps of action.yml (a composite GitHub Action), one function each, run as
#   bash "$GITHUB_ACTION_PATH/scripts/ci-action.sh" install|build|check
# with the action's inputs in CELLHEIGHT_* variables (set by action.yml's `env:`, never pasted into
# the script's text: an input is data, nothing in it runs). scripts/check-ci-kit.sh runs these
# steps here with the environment GitHub gives them.
#
# install: puts cellheight on PATH from the release's .deb (GitHub's release of the action's own
#   repository, tag v$CELLHEIGHT_VERSION): the package is unpacked into $RUNNER_TEMP (no root
#   needed) and only the libraries it depends on that are missing are installed with apt-get.
#   Sets the step output installed=true, or false when there is no release to download (then
#   action.yml restores the cached build folder and runs `build`).
# build: builds cellheight from the action's sources (Swift on the runner, the C libraries from
#   apt), in the action's .build folder (cached between runs by action.yml).
# check: runs the gate over the files (globs with ** and a list, one per line), in the working
#   directory, with GitHub annotations, a JUnit report and the step summary.
set -euo pipefail

action_path=${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}
temp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
notice() { echo "::notice title=cellheight::$*"; }
set_output() { if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1=$2" >> "$GITHUB_OUTPUT"; fi; }
add_path() { if [ -n "${GITHUB_PATH:-}" ]; then echo "$1" >> "$GITHUB_PATH"; fi; export PATH="$1:$PATH"; }

# The missing packages among the names given (one per argument).
missing_packages() {
    for package in "$@"; do
        dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q 'ok installed' || echo "$package"
    done
}

apt_install() {
    [ "$#" -gt 0 ] || return 0
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

action_version() {
    sed -n 's/.*static let number = "\(.*\)"/\1/p' "$action_path/Sources/CellHeightKit/Support/Version.swift"
}

install() {
    local version=${CELLHEIGHT_VERSION:-}
    [ -n "$version" ] || version=$(action_version)
    version=${version#v}
    if [ "$version" = source ]; then set_output installed false; return; fi
    if command -v cellheight >/dev/null && [ "$(cellheight --version | head -1)" = "cellheight $version" ]; then
        set_output installed true
        return
    fi
    local repository=${CELLHEIGHT_REPOSITORY:-${GITHUB_ACTION_REPOSITORY:-}}
    if [ -z "$repository" ] || ! command -v dpkg >/dev/null; then
        notice "no release to install (action repository '${repository}', dpkg $(command -v dpkg || echo missing)): building from source"
        set_output installed false
        return
    fi
    local arch deb url root
    arch=$(dpkg --print-architecture)
    deb="cellheight_${version}_${arch}.deb"
    url="${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/v$version/$deb"
    root="$temp/cellheight-$version"
    mkdir -p "$root"
    if ! command -v curl >/dev/null; then apt_install curl ca-certificates; fi
    if ! curl -fsSL --retry 3 -o "$root/$deb" "$url"; then
        notice "could not download $url: building from source"
        set_output installed false
        return
    fi
    # Depends: "libc6 (>= 2.34), libicu72 (>= 72.1~rc-1~), ..." -> the names (an alternative's first).
    local depends
    depends=$(dpkg-deb -f "$root/$deb" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/ //g' | sed '/^$/d')
    # shellcheck disable=SC2046
    apt_install $(missing_packages $depends fontconfig fonts-dejavu-core fonts-liberation2)
    dpkg-deb -x "$root/$deb" "$root/prefix"
    add_path "$root/prefix/usr/bin"
    cellheight --version
    set_output installed true
}

build() {
    # shellcheck disable=SC2046
    apt_install $(missing_packages make pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev \
        libssl-dev libxml2-dev fontconfig fonts-dejavu-core fonts-liberation2)
    command -v swift >/dev/null || { echo "::error title=cellheight::no release .deb and no Swift toolchain to build one (use swift-actions/setup-swift, or a released version)"; exit 1; }
    (cd "$action_path" && swift build -c release --product cellheight)
    add_path "$action_path/.build/release"
    cellheight --version
}

check() {
    cd "${CELLHEIGHT_WORKING_DIRECTORY:-.}"
    local patterns=() files=() args=() rules=() pattern
    # Files: one pattern per line, or several on a line separated by spaces; ** spans folders.
    read -r -d '' -a patterns <<<"${CELLHEIGHT_FILES:-}" || true
    [ "${#patterns[@]}" -gt 0 ] || { echo "::error title=cellheight::the files input is empty"; exit 64; }
    shopt -s globstar nullglob
    for pattern in "${patterns[@]}"; do
        # Only pathname expansion happens here (IFS empty: no word splitting); nothing in a pattern runs.
        local matched=() ifs=$IFS
        IFS=
        # shellcheck disable=SC2206
        matched=($pattern)
        IFS=$ifs
        if [ "${#matched[@]}" = 0 ]; then files+=("$pattern"); else files+=("${matched[@]}"); fi
    done
    shopt -u globstar nullglob
    # More options: one argument per line, as they are (quotes are not needed, nor read).
    if [ -n "${CELLHEIGHT_ARGS:-}" ]; then mapfile -t args < <(printf '%s\n' "$CELLHEIGHT_ARGS" | sed '/^[[:space:]]*$/d'); fi
    if [ -n "${CELLHEIGHT_RULES:-}" ]; then rules=(--rules "$CELLHEIGHT_RULES"); fi
    local junit=${CELLHEIGHT_JUNIT:-cellheight-junit.xml} log="$temp/cellheight-diagnostics.txt" status=0
    mkdir -p -- "$(dirname -- "$junit")"
    # The args come after the action's own options, so that they may replace them (--diagnostics sarif).
    cellheight --quiet --output none --diagnostics github --junit-file "$junit" "${rules[@]}" "${args[@]}" \
        -- "${files[@]}" 2> >(tee "$log" >&2) || status=$?
    wait
    set_output exit-code "$status"
    summary "$status" "$log" "${#files[@]}"
    return "$status"
}

# The step summary: the outcome, then each violation (from the annotations) in a table.
summary() {
    local status=$1 log=$2 count=$3
    [ -n "${GITHUB_STEP_SUMMARY:-}" ] || return 0
    {
        echo "### cellheight"
        echo
        case "$status" in
            0) echo "Every row fits its budget ($count files)." ;;
            1) echo "**$(sed -n 's/^cellheight: //p' "$log" | tail -1)** ($count files)." ;;
            *) echo "**The check could not run (exit $status):** $(grep -v '^::' "$log" | tail -1)" ;;
        esac
        if grep -q '^::error' "$log"; then
            echo
            echo "| File | Line | Problem |"
            echo "| --- | --- | --- |"
            sed -n 's/^::error file=\([^,]*\),line=\([0-9]*\)[^:]*::\(.*\)$/\1\t\2\t\3/p' "$log" | \
                while IFS=$'\t' read -r file line message; do
                    message=${message//|/\\|}
                    echo "| \`$file\` | $line | ${message//%0A/ } |"
                done
        fi
    } >> "$GITHUB_STEP_SUMMARY"
}

case "${1:-}" in
    install|build|check) "$1" ;;
    *) echo "usage: ci-action.sh install|build|check" >&2; exit 64 ;;
esac
