/** One JSON POST with the shared retries and timeout, for request/response APIs such as embeddings. */

import { callWithRetry, type RetryingOptions } from "./retrying_stream.ts";
import { errorFromResponse } from "./upstream_error.ts";

export interface PostJson {
  fetch: typeof fetch;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export function postJsonWithRetry(post: PostJson, options: RetryingOptions): Promise<unknown> {
  return callWithRetry(async (signal) => {
    const response = await post.fetch(post.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...post.headers },
      body: JSON.stringify(post.body),
      signal,
    });
    if (!response.ok) throw await errorFromResponse(options.label, response);
    return await response.json();
  }, options);
}
