/** Galleries the e2e server prepares for the scenarios (see serve.ts). */
export const FIXTURES = {
  /** Emptied: shows the page's empty texts. */
  empty: { folder: 'Interior Window Coverings/Blinds/Wood', path: '/wood-blinds-gallery' },
  /** Resolved, then removed: its listing fails and the page shows its error text. */
  failing: { folder: 'Interior Window Coverings/Blinds/Faux Wood', path: '/faux-wood-blinds-gallery' },
  /** An image gallery that Refresh adds a file to. */
  refresh: { folder: 'Interior Window Coverings/Shades/Solar', path: '/solar-shades-gallery' },
  /** An image gallery with more photos than masonry columns (serve.ts adds some to the demo ones). */
  images: '/pergola-fixed-roof-attached-images',
  imagesFolder: 'Aluminum Pergolas/Fixed Roof/Attached to Structure/Images',
  imagesCount: 9,
  videos: '/pergola-fixed-roof-attached-videos',
  videosFolder: 'Aluminum Pergolas/Fixed Roof/Attached to Structure/Videos',
  /** A video no converter can read (serve.ts writes it): it keeps the notice with Download. */
  unplayable: 'legacy-clip.mov',
} as const;
