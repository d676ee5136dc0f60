/**
 * The text keys of the manifest: what a page's `texts` may hold and what the shared `ui` texts are.
 * The schema takes its enums from here, so a misspelled key is an error in the manifest and does not
 * compile in code (`page.texts['emptyTitel']`).
 */

/** The texts every gallery page must have. */
export const GALLERY_TEXTS = ['loading', 'error', 'emptyTitle', 'emptyBody', 'count', 'none'] as const;

/** The texts a consultation page must give: field labels and messages, answers, the staff list, mail. */
export const CONSULTATION_TEXTS = [
  ...(['name', 'phone', 'email', 'place', 'products', 'times', 'message', 'consent'] as const).flatMap(
    (f) => [`${f}Label`, `${f}Error`] as const,
  ),
  'submit',
  'thankYouTitle',
  'thankYouBody',
  'errorTitle',
  'tooMany',
  'spam',
  'failed',
  'staffHeading',
  'staffAll',
  'staffExport',
  'staffEmpty',
  'staffReceived',
  'staffStatus',
  'status-new',
  'status-contacted',
  'status-done',
  'markContacted',
  'markDone',
  'notify',
  'mailFrom',
] as const;

/**
 * What the folder health page can find wrong with a folder. Each has two texts on the page: what is
 * wrong (`<code>Problem`, with `{n}` files) and what to do (`<code>Fix`).
 */
export const HEALTH_PROBLEMS = [
  'missing',
  'unreadable',
  'pending',
  'empty',
  'unsupported',
  'converting',
  'conversionFailed',
  'bigPhoto',
  'bigVideo',
  'noPoster',
  'duplicate',
  'videoInPhotos',
  'photoInVideos',
  'inParent',
] as const;
export type HealthProblemCode = (typeof HEALTH_PROBLEMS)[number];

/** The texts a folder health page must give: its labels, then each problem's two texts. */
export const HEALTH_TEXTS = [
  'loading',
  'error',
  'checkAgain',
  'summary',
  'allHealthy',
  'counts',
  'folderOk',
  'listedAt',
  'storeDown',
  'quotaDrive',
  'quotaDriveUnlimited',
  'quotaLocal',
  'mediaSize',
  'coldCalls',
  'sameAs',
  'moreFiles',
  ...HEALTH_PROBLEMS.flatMap((c) => [`${c}Problem`, `${c}Fix`] as const),
] as const;

/** The texts the manifest editor must give: its labels, buttons, notices and the status line. */
export const MANIFEST_EDITOR_TEXTS = [
  'loading',
  'loadFailed',
  'statusLine',
  'serverLine',
  'cdnNote',
  'draftRestored',
  'discardDraft',
  'filesLabel',
  'editorLabel',
  'addFile',
  'newFileLabel',
  'newFileHint',
  'badFileName',
  'createFile',
  'cancel',
  'checking',
  'checkOk',
  'checkFailed',
  'problemsHeading',
  'changesHeading',
  'noChanges',
  'noteLabel',
  'publish',
  'publishing',
  'publishRefused',
  'publishedTitle',
  'publishedBody',
  'publishFailedTitle',
  'conflictHeading',
  'conflictBody',
  'liveChanges',
  'draftChanges',
  'takeLive',
  'takenLive',
  'noDifference',
  'previewHeading',
  'previewButton',
  'previewing',
  'previewPage',
  'previewOpen',
  'previewFailed',
  'historyHeading',
  'versionLine',
  'versionBy',
  'versionByTyped',
  'liveBadge',
  'view',
  'diffLive',
  'publishAgain',
  'confirmRollback',
  'close',
  'guidedHeading',
  'guidedAdd',
  'guidedMade',
  'listHint',
  'guidedNoPlace',
] as const;

/** The texts the translations page must give: its headings, column labels, buttons and notices. */
export const TRANSLATIONS_TEXTS = [
  'loading',
  'loadFailed',
  'languagePublished',
  'languageNotPublished',
  'sharedTexts',
  'missingHeading',
  'staleHeading',
  'unreviewedHeading',
  'keyColumn',
  'sourceColumn',
  'translationColumn',
  'markPage',
  'markAll',
  'marking',
  'reviewedBody',
  'reviewConflict',
  'reviewFailed',
  'allCurrent',
] as const;

/** Text keys a page's `texts` may hold (what each kind reads, plus the sections' own). */
export const TEXT_KEYS = [
  // visitor pages and sections
  ...GALLERY_TEXTS,
  'notFound',
  'mediaHeading',
  'images',
  'videos',
  // image manager
  'changeImage',
  'current',
  'defaultImage',
  'dropHere',
  'dropHint',
  'chooseFile',
  'uploading',
  'tooLarge',
  'notImage',
  'successTitle',
  'successBody',
  'errorTitle',
  'uploadFailed',
  'loadFailed',
  // folder setup
  'openRoot',
  'scan',
  'scanning',
  'scanDoneTitle',
  'scanDoneBody',
  'scanFailedTitle',
  'scanFailedBody',
  'createMissing',
  'createdTitle',
  'createdBody',
  'createFailedTitle',
  'copy',
  'copiedTitle',
  'copiedBody',
  'copyFailedTitle',
  'markDone',
  'markedTitle',
  'markedBody',
  'markFailedTitle',
  'done',
  'progress',
  'localRoot',
  // folder health
  ...HEALTH_TEXTS,
  // manifest editor
  ...MANIFEST_EDITOR_TEXTS,
  // translations
  ...TRANSLATIONS_TEXTS,
  // sign-in
  'intro',
  'password',
  'submit',
  'signingIn',
  'wrongPassword',
  'tooManyAttempts',
  'signOut',
  'signedOut',
  'newPassword',
  'setupPassword',
  'setupIntro',
  'setupSubmit',
  'weakPassword',
  'forbidden',
  // consultation
  ...CONSULTATION_TEXTS,
  'mailSubject',
  'sending',
] as const;

/**
 * Texts of a consultation page that are settings or for staff only (the mail addresses, the staff
 * list of requests, the notification mail): written in one language, never translated.
 */
export const UNTRANSLATED_TEXTS = [
  'notify',
  'mailFrom',
  'mailSubject',
  'staffHeading',
  'staffAll',
  'staffExport',
  'staffEmpty',
  'staffReceived',
  'staffStatus',
  'status-new',
  'status-contacted',
  'status-done',
  'markContacted',
  'markDone',
] as const satisfies readonly TextKey[];

/** Consultation pages label each product category of interest: `interest-<category id>`. */
export const INTEREST_TEXT = /^interest-[a-z0-9][a-z0-9-]*$/;
export type InterestKey = `interest-${string}`;

/**
 * The manifest editor offers a guided addition for each family a text `add-<family id>` names; the
 * text is its button's label ('Add a pergola variant').
 */
export const ADD_MEMBER_TEXT = /^add-[a-z0-9][a-z0-9-]*$/;
export type AddMemberKey = `add-${string}`;

export type TextKey = (typeof TEXT_KEYS)[number];

/** Texts shared by every page: buttons, viewer labels, notices (the manifest's `ui`). */
export const UI_KEYS = [
  'backToGallery',
  'bookConsultation',
  'breadcrumb',
  'callUs',
  'close',
  'contactHeading',
  'closeMenu',
  'dialogEmptyBody',
  'dialogEmptyTitle',
  'dialogError',
  'dialogLoading',
  'download',
  'footer',
  'footerNav',
  'formatMov',
  'formatMp4',
  'formatVideo',
  'home',
  'hoursHeading',
  // how many images a gallery holds, an ICU plural: '{count, plural, one {# image} other {# images}} available'
  'imagesAvailable',
  'keyFeatures',
  // the language switcher's name (for screen readers) and what it says of a language a page is not in
  'language',
  'languageUnavailable',
  'linkCopied',
  'loadingPresentation',
  'mainNav',
  'menu',
  'movNotice',
  // the caption of a photo (a video) whose file name reads as a title: '{title}' is its words, in the
  // language staff name files in; another language says '{gallery}, photo {n}' instead
  'namedPhoto',
  'namedVideo',
  'next',
  'notFoundBody',
  // the not-found page of a further language, for a page published in the default language only: '{language}' is its name
  'notFoundElsewhere',
  'notFoundLink',
  'notFoundTitle',
  'openInDrive',
  'openInNewTab',
  'photoNotFound',
  'photoOfGallery',
  'play',
  'previewAvailable',
  'previous',
  'refresh',
  'serviceAreaHeading',
  'share',
  'showMore',
  'skipToContent',
  // the viewer's slide, for screen readers: '{n} of {total}'
  'slideOf',
  'tryAgain',
  'unsupportedVideo',
  'videoOfGallery',
  'viewDetails',
  'viewGallery',
  // the viewer's names and buttons (screen readers read the names): the dialog, its carousel, a slide
  'viewer',
  'viewerCarousel',
  'viewerSlide',
  'zoomIn',
  'zoomOut',
] as const;

export type UiKey = (typeof UI_KEYS)[number];

/** A page's or section's texts, by key. */
export type Texts = Readonly<Partial<Record<TextKey | InterestKey | AddMemberKey, string>>>;
/** The shared ui texts, by key. */
export type UiTexts = Readonly<Partial<Record<UiKey, string>>>;
