/** /404: the error page with its default status. */
import { ErrorPage } from "../error-page/ErrorPage";

export default function NotFoundPage() {
  return <ErrorPage statusCode={404} />;
}
