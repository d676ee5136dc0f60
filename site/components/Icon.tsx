import type { LucideIcon } from 'lucide-react';
import {
  Armchair,
  BadgeCheck,
  Blinds,
  Bug,
  CircleCheck,
  CloudRain,
  DoorOpen,
  Eye,
  Fence,
  GraduationCap,
  Handshake,
  House,
  Mic,
  Radio,
  Ruler,
  ShieldCheck,
  Smartphone,
  Sun,
  ThermometerSun,
  Warehouse,
  WavesLadder,
  Wind,
  Wrench,
  Zap,
} from 'lucide-react';
import type { IconName } from '../../engine/shared/icons.ts';

/** What each of the manifest's icon names (engine/shared/icons.ts) draws. */
const ICONS: Readonly<Record<IconName, LucideIcon>> = {
  home: House,
  house: House,
  shield: ShieldCheck,
  ruler: Ruler,
  handshake: Handshake,
  cloud: CloudRain,
  bug: Bug,
  eye: Eye,
  porch: Armchair,
  pergola: Fence,
  garage: Warehouse,
  pool: WavesLadder,
  door: DoorOpen,
  screen: Blinds,
  sun: Sun,
  phone: Smartphone,
  bolt: Zap,
  check: CircleCheck,
  user: GraduationCap,
  badge: BadgeCheck,
  remote: Radio,
  mic: Mic,
  thermometer: ThermometerSun,
  wind: Wind,
  tool: Wrench,
};

/** A decorative icon by manifest name (the manifest check refuses other names; they would draw a check mark). */
export function Icon({ name, size = 24 }: { readonly name: string; readonly size?: number }) {
  const Svg = Object.hasOwn(ICONS, name) ? ICONS[name as IconName] : CircleCheck;
  return <Svg size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} />;
}
