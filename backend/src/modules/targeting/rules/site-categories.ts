import { SITE_CATEGORIES } from "../site-categories";
import { listRule } from "../rule";

export const siteCategoryRule = listRule({
  key: "siteCategories",
  label: "Site categories",
  options: SITE_CATEGORIES.map((category) => ({ value: category, label: category.charAt(0).toUpperCase() + category.slice(1) })),
  valueOf: (request) => request.siteCategory,
});
