import type {
  BreadcrumbList,
  HomeAndConstructionBusiness,
  ImageGallery,
  ImageObject,
  Product as SchemaProduct,
  VideoObject,
  WithContext,
} from 'schema-dts';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { homeOf, kindOf, type Catalogue } from '../../engine/index.ts';
import { captionOf, galleryTitle, photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import type { PagePayload } from '../../engine/shared/page.ts';
import { isVideo } from '../../engine/shared/media.ts';
import { fillText } from '../../engine/placeholders.ts';
import { galleryItems } from './photo.ts';

/** Items listed in a gallery's structured data (a search engine needs a sample, not thousands). */
const MAX_ITEMS = 60;

type Doc = WithContext<HomeAndConstructionBusiness | SchemaProduct | ImageGallery | VideoObject | BreadcrumbList>;

const abs = (c: Catalogue, href: string): string => new URL(href, c.site.baseUrl).href;

const DAYS = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
} as const;

function business(c: Catalogue, image: string | undefined): WithContext<HomeAndConstructionBusiness> {
  const contact = c.site.contact;
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: c.site.name,
    url: `${c.site.baseUrl}/`,
    description: c.site.meta.description,
    ...(image ? { image } : {}),
    ...(contact
      ? {
          telephone: contact.phone,
          email: contact.email,
          address: {
            '@type': 'PostalAddress',
            streetAddress: contact.address.street,
            addressLocality: contact.address.city,
            addressRegion: contact.address.region,
            postalCode: contact.address.postalCode,
            addressCountry: contact.address.country,
          },
          openingHoursSpecification: contact.hours.map((h) => ({
            '@type': 'OpeningHoursSpecification' as const,
            dayOfWeek: h.dayCodes.map((d) => DAYS[d]),
            opens: h.opens,
            closes: h.closes,
          })),
          areaServed: contact.serviceArea.map((name) => ({ '@type': 'AdministrativeArea' as const, name })),
        }
      : {}),
  };
}

function breadcrumbs(c: Catalogue, p: PagePayload): WithContext<BreadcrumbList> | null {
  const trail = p.page.breadcrumb;
  if (trail.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((link, i) => ({
      '@type': 'ListItem' as const,
      position: i + 1,
      name: fillText(link.label, p.vars),
      item: i === trail.length - 1 || !link.href ? p.head.canonical : abs(c, fillText(link.href, p.vars)),
    })),
  };
}

function product(c: Catalogue, p: PagePayload): WithContext<SchemaProduct> | null {
  const seed = p.page.product !== undefined ? c.products.find((x) => x.id === p.page.product) : undefined;
  const name = seed?.name ?? (kindOf(p.page.kind).intro === 'pattern-product' ? p.vars['name'] : undefined);
  if (!name) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    // A product without its own words is described by its page's (never an empty property).
    description: seed?.description || p.head.description,
    url: p.head.canonical,
    brand: { '@type': 'Brand', name: c.site.name },
    ...(p.head.image ? { image: p.head.image } : {}),
  };
}

/** An item of a gallery listing with its place in it (its caption's number and its photo address). */
interface Listed {
  readonly item: ApiMediaItem;
  readonly n: number;
  readonly slug: string;
}

const listed = (items: readonly ApiMediaItem[]): Listed[] => {
  const slugs = photoSlugs(items);
  return items.map((item, i) => ({ item, n: i + 1, slug: slugs[i] as string }));
};

function gallery(c: Catalogue, p: PagePayload, photos: readonly Listed[]): WithContext<ImageGallery> {
  const place = { gallery: galleryTitle(p.page, p.vars), ui: c.ui, language: c.language };
  const image: ImageObject[] = photos.map(({ item, n, slug }) => ({
    '@type': 'ImageObject',
    name: captionOf(item, n, place),
    contentUrl: abs(c, item.largeUrl ?? item.url),
    ...(item.thumbnailUrl ? { thumbnailUrl: abs(c, item.thumbnailUrl) } : {}),
    url: abs(c, photoPath(p.path, slug)),
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name: p.head.title,
    url: abs(c, p.path),
    image,
  };
}

/** ISO 8601 duration of a length in seconds (`PT1M5S`). */
const isoDuration = (seconds: number): string => {
  const m = Math.floor(seconds / 60);
  return `PT${m > 0 ? `${m}M` : ''}${seconds % 60}S`;
};

/**
 * One video of a gallery (Google's video rich results): name, description, poster, file, upload date,
 * length when known. A video without a poster or an upload date is left out (both are required).
 */
function video(c: Catalogue, p: PagePayload, { item, n, slug }: Listed): WithContext<VideoObject> | null {
  const thumbnail = item.posterUrl ?? item.thumbnailUrl;
  if (!thumbnail || !item.uploaded) return null;
  const name = captionOf(item, n, { gallery: galleryTitle(p.page, p.vars), ui: c.ui, language: c.language });
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name,
    description: `${name}. ${p.head.description}`,
    thumbnailUrl: abs(c, thumbnail),
    contentUrl: abs(c, item.url),
    uploadDate: item.uploaded,
    ...(item.duration ? { duration: isoDuration(item.duration) } : {}),
    url: abs(c, photoPath(p.path, slug)),
  };
}

/** A gallery's media: its photos as an ImageGallery (when it has any), each video as a VideoObject. */
function media(c: Catalogue, p: PagePayload, items: readonly ApiMediaItem[]): (Doc | null)[] {
  const all = listed(items).slice(0, MAX_ITEMS);
  const photos = all.filter(({ item }) => !isVideo(item));
  const videos = all.filter(({ item }) => isVideo(item));
  return [photos.length > 0 ? gallery(c, p, photos) : null, ...videos.map((v) => video(c, p, v))];
}

/**
 * The JSON-LD documents of a page (schema.org), the same in every language: the business on the home
 * page, the product on a product page, the gallery's photos and each of its videos on a gallery, the
 * breadcrumb wherever there is one.
 */
export function structuredData(c: Catalogue, p: PagePayload): Doc[] {
  if (p.status !== 200) return [];
  const docs: (Doc | null)[] = [];
  if (p.page.path === homeOf(c)) docs.push(business(c, p.head.image));
  docs.push(product(c, p));
  const items = galleryItems(p);
  if (items) docs.push(...media(c, p, items));
  docs.push(breadcrumbs(c, p));
  return docs.filter((d): d is Doc => d !== null);
}
