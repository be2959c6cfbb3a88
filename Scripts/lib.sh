# Shared by the Scripts: install missing Debian packages (apt-get update first), find swift.
need_packages() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing ${missing[*]} ..." >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    # Another apt may hold the lock on a fresh machine: wait for it.
    for _ in $(seq 1 60); do
        if $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"; then
            return 0
        fi
        sleep 5
    done
    echo "could not install ${missing[*]}" >&2
    return 1
}

find_swift() {
    command -v swift >/dev/null 2>&1 && return 0
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$dir/swift" ] && export PATH="$dir:$PATH" && return 0
    done
    echo "swift not found: install Swift 6 (https://swift.org/install)" >&2
    return 1
}
