#!/usr/bin/env bash
# Makes the demo catalogue's four MP3 clips (public/media/audio/) with SoX and LAME: short,
# musical loops synthesised from scratch (no samples), mono 22.05 kHz at 48 kbps.
#   deep-pulse.mp3    ~24 s  deep house groove: kick, off-beat hats, bass, Am7/Fmaj7 pads
#   night-drive.mp3   ~26 s  16th-note pluck arpeggio over a kick and sub bass
#   ambient-haze.mp3  ~24 s  beatless pads with tremolo, reverb and a slow pluck melody
#   short-clip.mp3    ~4 s   two bars of the deep-pulse groove (tests wait for it to end)
# SoX runs with -R (repeatable), so the same commands give the same files. Fades give their
# stop position explicitly: after reverb or echo SoX may not know the length any more.
# Usage: bash scripts/media/make-audio.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/public/media/audio"
WORK="$(mktemp -d)"
[[ -n "${KEEP_WORK:-}" ]] || trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

RATE=22050
BEAT=0.5 # 120 BPM
SOX=(sox -R -D -V1)

# MIDI note number -> frequency in Hz.
hz() { awk -v n="$1" 'BEGIN { printf "%.2f", 440 * 2 ^ ((n - 69) / 12) }'; }

# mono NAME SECONDS SYNTH-ARGS... [-- EFFECTS...]: a mono clip from one or more synth voices.
mono() {
  local name="$1" length="$2"
  shift 2
  local voices=() effects=()
  while (($#)) && [[ "$1" != "--" ]]; do
    voices+=("$1")
    shift
  done
  if (($#)); then
    shift
    effects=("$@")
  fi
  # Each voice type is one channel; remix folds them into mono.
  local channels=0 word
  for word in "${voices[@]}"; do
    case "$word" in sine | square | triangle | sawtooth | whitenoise | pinknoise | brownnoise | pluck)
      channels=$((channels + 1)) ;;
    esac
  done
  "${SOX[@]}" -n -r "$RATE" -c "$channels" -t wav - synth "$length" "${voices[@]}" |
    "${SOX[@]}" - -c 1 "$WORK/$name.wav" remix "1-$channels" "${effects[@]}"
}

# paths NAME...: the work files of the named clips.
paths() { for name in "$@"; do printf '%s\n' "$WORK/$name.wav"; done; }

# concat OUT IN...: plays files one after another.
concat() {
  local out="$1" files
  shift
  mapfile -t files < <(paths "$@")
  "${SOX[@]}" "${files[@]}" "$WORK/$out.wav"
}

# mix OUT IN...: plays files together (summed at 0.7 each so the sum does not clip).
mix() {
  local out="$1" files=() f
  shift
  for f in $(paths "$@"); do files+=(-v 0.7 "$f"); done
  "${SOX[@]}" -m "${files[@]}" "$WORK/$out.wav"
}

# loop OUT IN TIMES: repeats a file.
loop() { "${SOX[@]}" "$WORK/$2.wav" "$WORK/$1.wav" repeat "$(($3 - 1))"; }

# rest NAME SECONDS: silence.
rest() { "${SOX[@]}" -n -r "$RATE" -c 1 "$WORK/$1.wav" trim 0 "$2"; }

# --- Drums -----------------------------------------------------------------------------------
mono kick "$BEAT" sine 120:42 -- fade q 0.002 "$BEAT" 0.42 gain -4
mono hat 0.25 whitenoise -- highpass 7000 fade q 0 0.25 0.22 gain -20
rest quarter 0.25
concat offhat quarter hat                       # one beat: silence, then a hat on the "and"
loop hats offhat 4                              # one bar
loop kicks kick 4
mix drums kicks hats                            # one bar of four-to-the-floor

# --- deep-pulse: bass + pads ---------------------------------------------------------------------
bass_note() { mono "$1" 0.25 sine "$(hz "$2")" square "$(hz "$2")" -- lowpass 400 fade q 0.005 0.25 0.18 gain -9; }
bass_note bA 45
bass_note bF 41
concat bassbarA quarter bA quarter bA quarter bA quarter bA
concat bassbarF quarter bF quarter bF quarter bF quarter bF

pad() { # pad NAME NOTES...: a 4 s (two-bar) chord, soft attack and release
  local name="$1" args=()
  shift
  for n in "$@"; do args+=(sine "$(hz "$n")"); done
  mono "$name" 4 "${args[@]}" -- tremolo 4 20 lowpass 2200 fade q 0.4 4 0.8 gain -16
}
pad padAm7 57 60 64 67 # A minor 7
pad padF 53 57 60 64   # F major 7

concat bassA bassbarA bassbarA
concat bassF bassbarF bassbarF
loop drums2 drums 2
mix phraseA drums2 bassA padAm7
mix phraseF drums2 bassF padF
concat deep phraseA phraseF phraseA phraseF phraseA phraseF # 6 x 4 s = 24 s
"${SOX[@]}" "$WORK/deep.wav" "$WORK/deep-pulse.wav" reverb 30 50 60 trim 0 24 fade t 1 24 2 norm -1

# short-clip: exactly two bars, with a quick fade so it ends cleanly.
"${SOX[@]}" "$WORK/phraseA.wav" "$WORK/short-clip.wav" reverb 30 50 60 trim 0 4 fade t 0.05 4 0.5 norm -1

# --- night-drive: 16th-note arpeggio ----------------------------------------------------------
pluck() { mono "$1" 0.125 pluck "$(hz "$2")" -- fade q 0 0.125 0.1 gain -6; }
arp=(62 65 69 72 69 65 62 65) # D minor, up and down
chords=(0 0 -2 -4)            # Dm, Dm, Cm-ish, Bbm-ish (transposed per bar)
bars=()
for b in "${!chords[@]}"; do
  notes=()
  for i in "${!arp[@]}"; do
    n=$((arp[i] + chords[b]))
    pluck "p$b$i" "$n"
    notes+=("p$b$i")
  done
  concat "arpbar$b" "${notes[@]}" "${notes[@]}" # 16 x 0.125 s = one bar
  bars+=("arpbar$b")
done
concat arp "${bars[@]}"
mono sub 0.5 sine "$(hz 38)" -- fade q 0.01 0.5 0.3 gain -8
loop subs sub 16
loop drums4 drums 4
mix drive arp drums4 subs                                   # 8 s
concat night drive drive drive                              # 24 s
mono tail 2 sine "$(hz 62)" sine "$(hz 69)" -- fade q 0.05 2 1.9 gain -18
concat night2 night tail                                    # 26 s
"${SOX[@]}" "$WORK/night2.wav" "$WORK/night-drive.wav" echo 0.8 0.7 375 0.3 trim 0 26 fade t 0.5 26 1.5 norm -1

# --- ambient-haze: drones and a slow melody -----------------------------------------------
drone() { mono "$1" 8 sine "$(hz "$2")" sine "$(hz "$3")" sine "$(hz "$4")" -- tremolo 0.3 40 fade q 2 8 2 gain -14; }
drone d1 50 57 64
drone d2 48 55 64
drone d3 45 52 60
concat drones d1 d2 d3                                      # 24 s
mel=(76 74 72 69 72 74 79 76 74 72 71 69)
tones=()
for i in "${!mel[@]}"; do
  mono "m$i" 2 pluck "$(hz "${mel[i]}")" -- fade q 0 2 1.8 gain -10
  tones+=("m$i")
done
concat melody "${tones[@]}"                                 # 24 s
mix haze drones melody
"${SOX[@]}" "$WORK/haze.wav" "$WORK/ambient-haze.wav" reverb 80 50 100 trim 0 24 fade t 2 24 3 norm -1

# --- Encode -----------------------------------------------------------------------------------
for clip in deep-pulse night-drive ambient-haze short-clip; do
  "${SOX[@]}" "$WORK/$clip.wav" -b 16 "$WORK/$clip-16.wav"
  lame --quiet -m m -b 48 -q 2 --noreplaygain "$WORK/$clip-16.wav" "$OUT/$clip.mp3"
done
ls -l "$OUT"
