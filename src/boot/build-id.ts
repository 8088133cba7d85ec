/** A hash of the bundle's text (scripts/build.js defines JOBTOP_BUNDLE_ID when it builds the bin). */
declare const JOBTOP_BUNDLE_ID: string;
/**
 * The build the bin belongs to: it runs only a bundle of that build, and a code cache made for it
 * (each checksum is over this and the bytes).
 */
export const BUNDLE_ID = JOBTOP_BUNDLE_ID;
