#!/usr/bin/env bash
# Does what the README's first screen says, on a fresh copy, and times each step:
# clone, `npm ci`, `npm start`, the first admin (`npm run admin:create`), the
# admin signing in from this machine's network address (not localhost, as a
# phone on the same Wi-Fi would), then a student who signs up, is given a course
# by the admin and opens it in the classroom (/learn). Curl plays the browsers.
#
#   scripts/first-screen.sh [repository] [port]
#
# The copy is made in a temporary folder and removed at the end; nothing here
# touches the checkout it is run from. Needs Node 24 on PATH, git and curl.
set -euo pipefail

SOURCE="${1:-$(git rev-parse --show-toplevel)}"
PORT="${2:-3900}"
WORK="$(mktemp -d)"
HOST="$(hostname -I | awk '{print $1}')"
SITE="http://$HOST:$PORT"
ADMIN_PASSWORD="saffron kite over the quiet harbour"
STUDENT_EMAIL="first-screen-$$@example.com"
STUDENT_PASSWORD="monsoon ledger above the brass lantern"
SERVER_PID=""

cleanup() {
  # npm start runs the server as a child (tsx scripts/start.ts, from the copy): stop both.
  if [ -n "$SERVER_PID" ]; then
    pkill -f "$WORK/site/" 2>/dev/null || true
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

started=$(date +%s)
last=$started
step() {
  local now; now=$(date +%s)
  printf '%-58s %4ss (at %4ss)\n' "$1" "$((now - last))" "$((now - started))"
  last=$now
}
fail() { echo "FAILED: $1" >&2; exit 1; }
# A browser of its own (a cookie jar) for each person.
as() { local who="$1"; shift; curl -sS -b "$WORK/$who.jar" -c "$WORK/$who.jar" "$@"; }

case "$HOST" in ""|127.*) fail "this machine has no network address but loopback" ;; esac
[ "$(node -p 'process.versions.node.split(".")[0]')" = "24" ] || fail "the site needs Node 24 on PATH (this is $(node --version))"

git clone -q "$SOURCE" "$WORK/site"
cd "$WORK/site"
step "git clone"

npm ci --no-audit --no-fund >"$WORK/npm-ci.log" 2>&1 || { cat "$WORK/npm-ci.log"; fail "npm ci"; }
step "npm ci"

PORT="$PORT" npm start >"$WORK/start.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 600); do
  grep -q "Site running at" "$WORK/start.log" && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/start.log"; fail "npm start stopped"; }
  sleep 0.5
done
grep -q "Site running at" "$WORK/start.log" || fail "npm start did not come up"
step "npm start (build, migrations, demo content)"
echo "--- what npm start printed ($(wc -l <"$WORK/start.log") lines):"
sed 's/^/    /' "$WORK/start.log"

ADMIN_PASSWORD="$ADMIN_PASSWORD" npm run -s admin:create -- --id owner --role admin >"$WORK/admin.log" 2>&1 || { cat "$WORK/admin.log"; fail "admin:create"; }
grep -q 'Created admin "owner"' "$WORK/admin.log" || { cat "$WORK/admin.log"; fail "admin:create said something else"; }
step "npm run admin:create"

panel=$(as admin -L "$SITE/admin/login" --data-urlencode "adminId=owner" --data-urlencode "password=$ADMIN_PASSWORD" -o "$WORK/panel.html" -w '%{http_code} %{url_effective}')
[ "$panel" = "200 $SITE/admin" ] || fail "admin sign-in from $HOST ended at $panel"
grep -q "Dashboard" "$WORK/panel.html" || fail "the admin panel did not open"
step "admin signs in from $HOST (not localhost)"

signup=$(as student -o /dev/null -w '%{http_code} %{redirect_url}' "$SITE/signup" \
  --data-urlencode "firstName=Asha" --data-urlencode "lastName=Rao" --data-urlencode "email=$STUDENT_EMAIL" \
  --data-urlencode "password=$STUDENT_PASSWORD" --data-urlencode "adult=on" --data-urlencode "consent=on")
case "$signup" in "302 $SITE/signup/check-email"*) ;; *) fail "sign-up answered $signup" ;; esac
home=$(as student -L -o "$WORK/home.html" -w '%{http_code} %{url_effective}' "$SITE/login" \
  --data-urlencode "email=$STUDENT_EMAIL" --data-urlencode "password=$STUDENT_PASSWORD" --data-urlencode "redirectTo=/")
[ "$home" = "200 $SITE/" ] || fail "student sign-in ended at $home"
grep -q "Welcome back" "$WORK/home.html" && grep -q "Asha" "$WORK/home.html" || fail "the student's dashboard did not open"
step "a student signs up and signs in"

student_path=$(as admin "$SITE/admin/users?q=$STUDENT_EMAIL" | grep -o '/admin/users/[0-9a-f-]\{36\}' | head -1)
[ -n "$student_path" ] || fail "the admin could not find the student"
course_id=$(as student "$SITE/courses" | grep -o 'href="/courses/[0-9]*"' | head -1 | grep -o '[0-9]*')
granted=$(as admin -o /dev/null -w '%{http_code}' "$SITE$student_path" \
  --data-urlencode "intent=grant" --data-urlencode "courseId=$course_id" --data-urlencode "reason=Trying the first screen")
[ "$granted" = "302" ] || fail "granting the course answered $granted"
step "the admin gives the student a course"

as student -o "$WORK/learn.html" "$SITE/learn"
grep -q ">My Courses</h1>" "$WORK/learn.html" || fail "/learn did not open"
lesson=$(grep -o 'href="/learn/[0-9]*/[0-9]*"' "$WORK/learn.html" | head -1 | cut -d'"' -f2)
[ -n "$lesson" ] || fail "/learn offered no lesson to start"
opened=$(as student -o "$WORK/lesson.html" -w '%{http_code}' "$SITE$lesson")
[ "$opened" = "200" ] || fail "the first lesson answered $opened"
step "the student opens /learn and the first lesson"

echo "All done in $(($(date +%s) - started)) s, against $SITE."
