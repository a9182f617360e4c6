import { APP_NAME } from '../lib/app-info';

export interface DocumentTitleProps {
  title?: string;
}

/** Sets the browser tab's title (React hoists <title> into the head). */
export function DocumentTitle({ title }: DocumentTitleProps) {
  return <title>{title ? `${title} · ${APP_NAME}` : APP_NAME}</title>;
}
