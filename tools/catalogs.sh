#!/usr/bin/env bash
# The catalogs (issue 29): extract every message into cardlab/locale/cardlab.pot, update
# each language's .po from it, and compile the .mo files the wheel ships.
#   tools/catalogs.sh            extract, update sv pl uk, compile
#   tools/catalogs.sh extract    the .pot only
#   tools/catalogs.sh compile    the .mo files only
#   tools/catalogs.sh update pl  the .pot, then pl's .po and .mo only
# Needs Babel (the dev extra); run from anywhere (it works in the repository's root).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
LOCALE=cardlab/locale
POT=$LOCALE/cardlab.pot
# the calls Babel's Python extractor reads: translate/_ (gettext), translate_in (pgettext),
# Plural (ngettext: one, other), fill and message (a plain message as first argument),
# N_ and NC_ (a message marked, with NC_ its context first)
KEYWORDS=(-k translate -k translate_in:1c,2 -k Plural:1,2 -k fill -k message -k N_ -k NC_:1c,2)

declare -A PLURALS=(
    [sv]='nplurals=2; plural=(n != 1);'
    [pl]='nplurals=3; plural=(n==1 ? 0 : n%10>=2 \&\& n%10<=4 \&\& (n%100<10 || n%100>=20) ? 1 : 2);'
    [uk]='nplurals=3; plural=(n%10==1 \&\& n%100!=11 ? 0 : n%10>=2 \&\& n%10<=4 \&\& (n%100<10 || n%100>=20) ? 1 : 2);'
)

extract() {
    mkdir -p "$LOCALE"
    pybabel -q extract -F babel.cfg "${KEYWORDS[@]}" --add-location=file --sort-output \
        --project=cardlab --version="$(python -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')" \
        --msgid-bugs-address=https://github.com/cardlab/cardlab/issues --no-wrap \
        -o "$POT" .
}

update() {  # update (or create) the .po of each language given
    for lang in "$@"; do
        po=$LOCALE/$lang/LC_MESSAGES/cardlab.po
        if [[ -f $po ]]; then
            pybabel -q update -i "$POT" -d "$LOCALE" -D cardlab -l "$lang" --no-wrap --ignore-obsolete --no-fuzzy-matching
        else
            pybabel -q init -i "$POT" -d "$LOCALE" -D cardlab -l "$lang" --no-wrap
        fi
        # the standard gettext Plural-Forms of the language (Babel's own differ in form)
        sed -i "s/^\"Plural-Forms: .*\"$/\"Plural-Forms: ${PLURALS[$lang]}\\\\n\"/" "$po"
    done
}

compile() {  # compile the .mo of each language given (or all)
    for lang in "$@"; do
        pybabel -q compile -d "$LOCALE" -D cardlab -l "$lang" --statistics
    done
}

case "${1:-all}" in
    extract) extract ;;
    compile) shift; if (($#)); then compile "$@"; else compile sv pl uk; fi ;;
    update) shift; extract; update "$@"; compile "$@" ;;
    all) extract; update sv pl uk; compile sv pl uk ;;
    *) echo "usage: $0 [all|extract|compile [lang...]|update lang...]" >&2; exit 2 ;;
esac
