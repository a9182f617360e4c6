const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

/** The dotted paths of the fields react-hook-form holds errors for ('address.country'). */
function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors as Record<string, unknown>).flatMap(([key, value]) => {
    if (typeof value !== 'object' || value === null || key === 'ref') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value || 'type' in value ? [path] : errorPaths(value, path);
  });
}

const focusable = (element: Element | null | undefined): element is HTMLElement =>
  element instanceof HTMLElement && element.matches(FOCUSABLE) && !element.hasAttribute('disabled');

/**
 * Moves focus to the first field in error in the order the page shows them, not the order the fields
 * were registered in: first among the form's named controls; else, once the errors are drawn, the first
 * element marked `aria-invalid` (for a group, such as a radio group, its first control). A widget whose
 * ref cannot take focus is not skipped for a field below it. Without a form to look in, react-hook-form's
 * first error is focused by name.
 */
export function focusFirstInvalid(
  container: ParentNode | null,
  errors: object,
  focusByName: (name: string) => void,
): void {
  const paths = new Set(errorPaths(errors));
  const named = [...(container?.querySelectorAll('[name]') ?? [])].find(
    (element) => paths.has(element.getAttribute('name') ?? '') && focusable(element),
  );
  if (named instanceof HTMLElement) {
    named.focus();
    return;
  }
  setTimeout(() => {
    const marked = container?.querySelector('[aria-invalid="true"]');
    const target = focusable(marked) ? marked : marked?.querySelector(FOCUSABLE);
    if (focusable(target)) target.focus();
    else if (paths.size > 0) focusByName([...paths][0] as string);
  });
}
