/**
 * The page's title in the browser tab and, for a public page, the summary search engines show.
 * React moves both into <head>, in a prerendered page too, and takes them out when the page goes.
 */
export function PageMeta({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <title>{`${title} · AdNet`}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
