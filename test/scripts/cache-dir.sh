# Sourced: sets UIDX_CACHE, the directory outside the work tree where built
# servers and test dependencies are kept between runs.
if [ -z "${UIDX_CACHE:-}" ]; then
  if mkdir -p /var/cache/uidx 2>/dev/null && [ -w /var/cache/uidx ]; then
    UIDX_CACHE=/var/cache/uidx
  else
    UIDX_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/uidx
  fi
fi
mkdir -p "$UIDX_CACHE"
export UIDX_CACHE
