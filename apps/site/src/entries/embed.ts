// The embeddable signup widget's entry, built on its own into /embed.js (build/embed-script.ts): one
// self-contained script for other sites' pages.
import { mountWidget } from '@/features/embed/widget';

mountWidget(document.currentScript);
