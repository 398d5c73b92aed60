#!/usr/bin/env bash
# Regenerates the site's raster media from our own sources (needs ffmpeg and rsvg-convert: apt-get install -y ffmpeg librsvg2-bin).
# The outputs are committed; run this only when a source changes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/media
mkdir -p "$out"

# Share image and touch icon from their SVG sources.
rsvg-convert -w 1200 -h 630 media-src/og-image.svg -o public/og-image.png
rsvg-convert -w 180 -h 180 media-src/touch-icon.svg -o public/apple-touch-icon.png
rsvg-convert -w 32 -h 32 media-src/touch-icon.svg -o public/favicon-32.png

# Hero loop: a slowly drifting dusk gradient with a dashed flight path and a moving plane dot,
# 8 s at 24 fps, 640x360. WebM (VP9) first, MP4 (H.264) fallback, WebP poster from the first frame.
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
filter="[0:v]format=yuv420p,
drawbox=x=0:y=0:w=iw:h=ih:color=0x1b1446@0.25:t=fill,
drawtext=fontfile=${font}:text='Lisbon  ✈  Kyoto  ·  9 days  ·  \$3,500':fontcolor=white@0.92:fontsize=26:x=(w-text_w)/2:y=h*0.78,
drawbox=x='40+520*t/8':y=160:w=40:h=6:color=0xffd3a8@0.95:t=fill,
drawbox=x=40:y=162:w=560:h=2:color=white@0.35:t=fill[v]"
ffmpeg -y -hide_banner -loglevel error -f lavfi \
  -i "gradients=s=640x360:c0=0x1b1446:c1=0x5b3df5:c2=0xc2416b:c3=0x2b8fa8:n=4:speed=0.015:d=8:r=24" \
  -filter_complex "$filter" -map "[v]" -an -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good "$out/hero-loop.webm"
ffmpeg -y -hide_banner -loglevel error -f lavfi \
  -i "gradients=s=640x360:c0=0x1b1446:c1=0x5b3df5:c2=0xc2416b:c3=0x2b8fa8:n=4:speed=0.015:d=8:r=24" \
  -filter_complex "$filter" -map "[v]" -an -c:v libx264 -crf 30 -preset slow -pix_fmt yuv420p -movflags +faststart "$out/hero-loop.mp4"
ffmpeg -y -hide_banner -loglevel error -i "$out/hero-loop.webm" -frames:v 1 -c:v libwebp -quality 70 "$out/hero-poster.webp"
ls -l public/*.png "$out"/hero-*
