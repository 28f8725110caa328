/**
 * Errors of the CMS layer, with the spec's texts (§8). Messages are safe to log; pages never show them raw.
 */
export class CmsError extends Error {
  constructor(
    message: string,
    /** HTTP status from WordPress, when there was a response. */
    readonly status?: number,
    /** Network failures, timeouts and 5xx/429 are worth retrying; a 4xx or a bad payload is not. */
    readonly retryable = false,
    /**
     * Set when WordPress answered that the endpoint does not exist on this site (an unregistered post type or
     * taxonomy, a parameter the type does not support): content that does not exist, not an outage.
     */
    readonly missing?: { code: string; message: string },
  ) {
    super(message);
    this.name = 'CmsError';
  }
}

export const CMS_MESSAGES = {
  blocked: 'Blocked suspicious WordPress API call',
  noJson: 'No JSON found in response',
  invalidFormat: 'WordPress API returned invalid response format',
  invalidJson: 'WordPress API returned invalid JSON',
  invalidJsonFormat: 'WordPress API returned invalid JSON format',
  eventNotFound: 'Event not found',
  /** `Failed to fetch reports: 500` and so on. */
  failed: (what: string, status: number | string) => `Failed to fetch ${what}: ${status}`,
} as const;
