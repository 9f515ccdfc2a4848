import { listRule } from "../rule";

/** The languages the form offers: the web's most used, as ISO 639-1 codes. */
const LANGUAGES = ["en", "es", "de", "fr", "pt", "it", "nl", "pl", "ru", "tr", "ar", "hi", "ja", "ko", "zh", "sv", "da", "no", "fi", "cs", "el", "he", "id", "th", "vi", "uk"];
const names = new Intl.DisplayNames(["en"], { type: "language" });

export const languageRule = listRule({
  key: "languages",
  label: "Languages",
  options: LANGUAGES.map((code) => ({ value: code, label: names.of(code) ?? code })),
  valueOf: (request) => request.language,
});
