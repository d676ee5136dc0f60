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

/** The manifest's icon names (cards' `icon`, product-cards' `icons`) and what they draw. */
const ICONS: Readonly<Record<string, LucideIcon>> = {
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

/** A decorative icon by manifest name (unknown names draw a check mark). */
export function Icon({ name, size = 24 }: { readonly name: string; readonly size?: number }) {
  const Svg = ICONS[name] ?? CircleCheck;
  return <Svg size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} />;
}
