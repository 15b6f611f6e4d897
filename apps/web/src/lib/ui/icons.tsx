import type { SVGProps } from 'react';

/** Small stroke icons (24 × 24, currentColor). Decorative: the text next to them carries the meaning. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const HomeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
  </Icon>
);

export const ShopIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 7h12l1 14H5L6 7Z" />
    <path d="M9 10V6a3 3 0 0 1 6 0v4" />
  </Icon>
);

export const LockerIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="3" width="16" height="18" rx="2" />
    <path d="M12 3v18M4 12h16M9 7.5v1.5M17 7.5v1.5M9 15.5V17M17 15.5V17" />
  </Icon>
);

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
    <path d="M10.3 20a2 2 0 0 0 3.4 0" />
  </Icon>
);

export const CartIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="20" r="1.3" />
    <circle cx="18" cy="20" r="1.3" />
    <path d="M2 3h3l2.6 12.2a1 1 0 0 0 1 .8h9.7a1 1 0 0 0 1-.8L21 7H6" />
  </Icon>
);

export const BackIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16 10" />
  </Icon>
);

export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Icon>
);

export const InfoIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.5v.01" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const OfflineIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 8.5a15 15 0 0 1 4.2-2.6M10 5.1A15 15 0 0 1 22 8.5M5 12.5a10 10 0 0 1 3.6-2.2M15 10.4a10 10 0 0 1 4 2.1M8.5 16a5 5 0 0 1 7 0M12 19.5v.01M3 3l18 18" />
  </Icon>
);

/** The Petti mark: a bank of four locker doors (same drawing as the app icon). */
export const LogoMark = ({ size = 28, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false" {...rest}>
    <rect width="100" height="100" rx="22" fill="var(--color-brand)" />
    <g fill="none" stroke="#fff" strokeWidth="4.8">
      <rect x="27.2" y="24.4" width="45.6" height="51.2" rx="5.4" />
      <path d="M50 24.4v51.2M27.2 50h45.6" />
    </g>
    <g fill="#fff">
      <rect x="39.65" y="33.2" width="3.5" height="6.7" rx="1.75" />
      <rect x="64.85" y="33.2" width="3.5" height="6.7" rx="1.75" />
      <rect x="39.65" y="61.2" width="3.5" height="6.7" rx="1.75" />
      <rect x="64.85" y="61.2" width="3.5" height="6.7" rx="1.75" />
    </g>
  </svg>
);
