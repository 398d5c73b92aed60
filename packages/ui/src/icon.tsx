import type { ComponentProps } from 'react';
import { cn } from './cn';

// The one icon set of both apps: stroke icons (24×24, currentColor). The admin panel's (list to expand) are
// drawn for a stroke width of 2. Each path is its own export so a bundle keeps only the icons it uses;
// `iconPaths` maps names (content data) to paths for build-time rendering.
export const sparklesPath =
  'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9L19 15z';
export const ticketPath =
  'M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4V8zM10 6v12';
export const trendingDownPath = 'M3 7l6 6 4-4 8 8M21 11v6h-6';
export const refreshPath = 'M20 11a8 8 0 0 0-14.9-3.9L3 9M3 4v5h5M4 13a8 8 0 0 0 14.9 3.9L21 15M21 20v-5h-5';
export const cameraPath =
  'M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z';
export const glassesPath = 'M2 12h20M4 12a4 4 0 0 0 8 0M12 12a4 4 0 0 0 8 0M6 9l1-3M18 9l-1-3';
export const tabsPath = 'M3 6h6v3H3zM10 6h5v3h-5zM16 6h5v3h-5zM3 9h18v11H3z';
export const walletPath = 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3V7zM3 7l13-3v3M16 14h2';
export const usersPath =
  'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 11a3 3 0 1 0 0-6M21 20a6 6 0 0 0-4-5.7';
export const alertPath = 'M12 3l10 18H2L12 3zM12 10v5M12 18h.01';
export const compassPath = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5 5-2z';
export const shieldPath = 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zM9 12l2 2 4-4';
export const heartPath = 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z';
export const zapPath = 'M13 2L4 14h7l-1 8 9-12h-7l1-8z';
export const chevronLeftPath = 'M15 5l-7 7 7 7';
export const chevronRightPath = 'M9 5l7 7-7 7';
export const playPath = 'M7 4l13 8-13 8V4z';
export const pausePath = 'M7 4h4v16H7zM13 4h4v16h-4z';
export const arrowLeftPath = 'M19 12H5M11 6l-6 6 6 6';
export const arrowRightPath = 'M5 12h14M13 6l6 6-6 6';
export const chatPath = 'M4 5h16v11H9l-5 4V5z';
export const musicPath =
  'M9 18V5l11-2v13M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zM20 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z';
export const xPath = 'M4 4l16 16M20 4L4 20';
export const imagePath = 'M4 4h16v16H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01';
export const globePath =
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z';
export const videoPath = 'M3 6h13v12H3zM16 10l5-3v10l-5-3';
export const mailPath = 'M3 5h18v14H3zM3 6l9 7 9-7';
export const checkPath = 'M5 12l5 5 9-10';
export const plusPath = 'M12 5v14M5 12h14';
export const minusPath = 'M5 12h14';
export const listPath = 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01';
export const teamPath =
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M13 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75';
export const settingsPath =
  'M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z';
export const activityPath = 'M22 12h-4l-3 9L9 3l-3 9H2';
export const chartPath = 'M3 3v18h18M8 17v-4M13 17V7M18 17v-7';
/** Three linked circles: sharing, referrals. */
export const referralsPath =
  'M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4';
/** An arrow up out of a tray: upload, import. */
export const uploadPath = 'M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4M12 3v12M7 8l5-5 5 5';
/** An i in a circle: details. */
export const infoPath = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7h.01';
/** A trash can: delete. */
export const trashPath = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';
export const logoutPath = 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9';
/** The sidebar's toggle: collapse points left, expand points right. */
export const collapsePath = 'M15 18l-6-6 6-6';
export const expandPath = 'M9 18l6-6-6-6';

export const iconPaths = {
  sparkles: sparklesPath,
  ticket: ticketPath,
  trendingDown: trendingDownPath,
  refresh: refreshPath,
  camera: cameraPath,
  glasses: glassesPath,
  tabs: tabsPath,
  wallet: walletPath,
  users: usersPath,
  alert: alertPath,
  compass: compassPath,
  shield: shieldPath,
  heart: heartPath,
  zap: zapPath,
  chevronLeft: chevronLeftPath,
  chevronRight: chevronRightPath,
  play: playPath,
  pause: pausePath,
  arrowLeft: arrowLeftPath,
  arrowRight: arrowRightPath,
  chat: chatPath,
  music: musicPath,
  x: xPath,
  image: imagePath,
  globe: globePath,
  video: videoPath,
  mail: mailPath,
  check: checkPath,
  plus: plusPath,
  minus: minusPath,
  list: listPath,
  team: teamPath,
  settings: settingsPath,
  activity: activityPath,
  chart: chartPath,
  logout: logoutPath,
  collapse: collapsePath,
  expand: expandPath,
} as const;

export type IconName = keyof typeof iconPaths;

export function isIconName(value: string): value is IconName {
  return Object.hasOwn(iconPaths, value);
}

export interface IconProps extends Omit<ComponentProps<'svg'>, 'children'> {
  /** The SVG path data (one of the exported `…Path` constants). */
  path: string;
  size?: number;
}

/** A decorative icon, hidden from assistive technology: the control or text beside it carries the meaning. */
export function Icon({ path, size = 24, className, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('ui-icon', className)}
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={path} />
    </svg>
  );
}

/** An icon chosen by name (content data): keeps every path in the bundle, so use it at build time. */
export function NamedIcon({ name, ...props }: Omit<IconProps, 'path'> & { name: string }) {
  return isIconName(name) ? <Icon path={iconPaths[name]} {...props} /> : null;
}
