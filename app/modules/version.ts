/** The version label (docs/product.md §2): the chat's sidebar and the site's footer show it. */
export const APP_VERSION = "1.0.0";
