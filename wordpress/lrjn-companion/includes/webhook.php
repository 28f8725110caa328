<?php
/**
 * On-demand revalidation: tells the Next.js site which content changed.
 *
 * Contract (the site's /api/revalidate route is written against it):
 *   POST {site_url}/api/revalidate
 *   Content-Type: application/json
 *   X-Webhook-Timestamp: <unix seconds>
 *   X-Webhook-Signature: sha256=<hex hash_hmac('sha256', "<timestamp>.<raw body>", secret)>
 *   posts: {"kind":"post","action":"save|trash|delete|unpublish","postType":"…","id":1,"slug":"…","previousSlug":null,"status":"publish","sentAt":"…"}
 *   terms: {"kind":"term","action":"save|delete","taxonomy":"category|post_tag|media_category","id":5,"slug":"…","sentAt":"…"}
 *   settings: {"kind":"settings","action":"save","name":"hero","sentAt":"…"} (includes/hero.php)
 *
 * Changes are collected during the request (one message per post or term, the strongest action wins) and sent on
 * `shutdown`. Network errors and 5xx responses are retried (3 attempts in all); after that one retry is scheduled
 * with WP-Cron 60 s later. Every outcome is kept in a short log shown on Settings → Site revalidation.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

const LRJN_COMPANION_LOG_OPTION = 'lrjn_companion_webhook_log';
const LRJN_COMPANION_LOG_SIZE   = 50;

/**
 * Site URL the webhook goes to (constant LRJN_SITE_URL wins over the option).
 *
 * @return string Without trailing slash, '' when not configured.
 */
function lrjn_companion_site_url() {
	$url = defined( 'LRJN_SITE_URL' ) ? (string) LRJN_SITE_URL : (string) get_option( 'lrjn_companion_site_url', '' );
	return untrailingslashit( trim( $url ) );
}

/**
 * Shared secret (constant LRJN_WEBHOOK_SECRET wins over the option).
 *
 * @return string
 */
function lrjn_companion_webhook_secret() {
	return defined( 'LRJN_WEBHOOK_SECRET' ) ? (string) LRJN_WEBHOOK_SECRET : (string) get_option( 'lrjn_companion_webhook_secret', '' );
}

/**
 * Full endpoint URL, or '' when the site URL is not configured.
 *
 * @return string
 */
function lrjn_companion_webhook_endpoint() {
	$site = lrjn_companion_site_url();
	$url  = '' === $site ? '' : $site . '/api/revalidate';
	/**
	 * Filters the revalidation endpoint.
	 *
	 * @param string $url Endpoint ('' disables sending).
	 */
	return (string) apply_filters( 'lrjn_companion_webhook_endpoint', $url );
}

/**
 * Post types whose changes are announced.
 *
 * @return string[]
 */
function lrjn_companion_webhook_post_types() {
	$types = array_merge( array( 'post', 'page', 'attachment' ), lrjn_companion_post_types() );
	/**
	 * Filters the post types whose changes trigger the webhook.
	 *
	 * @param string[] $types Post type names.
	 */
	return (array) apply_filters( 'lrjn_companion_webhook_post_types', $types );
}

/**
 * Taxonomies whose changes are announced.
 *
 * @return string[]
 */
function lrjn_companion_webhook_taxonomies() {
	/**
	 * Filters the taxonomies whose changes trigger the webhook.
	 *
	 * @param string[] $taxonomies Taxonomy names.
	 */
	return (array) apply_filters( 'lrjn_companion_webhook_taxonomies', array( 'category', 'post_tag', 'media_category' ) );
}

/**
 * Whether webhooks are sent at all in this request.
 *
 * @return bool
 */
function lrjn_companion_webhook_enabled() {
	$enabled = ! ( defined( 'WP_IMPORTING' ) && WP_IMPORTING );
	/**
	 * Filters whether revalidation webhooks are sent (false during imports).
	 *
	 * @param bool $enabled Whether to send.
	 */
	return (bool) apply_filters( 'lrjn_companion_webhook_enabled', $enabled );
}

/**
 * Removes the suffix WordPress adds to the slug of binned posts.
 *
 * @param string $slug Slug.
 * @return string
 */
function lrjn_companion_clean_slug( $slug ) {
	return (string) preg_replace( '/__trashed$/', '', (string) $slug );
}

/*
 * ------------------------------------------------------------------------------------------------------------------
 * Collecting changes
 * ------------------------------------------------------------------------------------------------------------------
 */

/**
 * The request's queue of pending messages, keyed by "post:ID" or "term:taxonomy:ID".
 *
 * @param array|null $set Replacement queue (internal).
 * @return array<string,array>
 */
function &lrjn_companion_webhook_queue( $set = null ) {
	static $queue = array();
	if ( is_array( $set ) ) {
		$queue = $set;
	}
	return $queue;
}

/**
 * Slugs captured before WordPress changes them (binning renames the slug), keyed by post ID.
 *
 * @return array<int,string>
 */
function &lrjn_companion_original_slugs() {
	static $slugs = array();
	return $slugs;
}

/**
 * Whether a post should be announced at all.
 *
 * @param WP_Post $post Post.
 * @return bool
 */
function lrjn_companion_is_trackable_post( $post ) {
	if ( ! $post instanceof WP_Post ) {
		return false;
	}
	if ( 'revision' === $post->post_type || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
		return false;
	}
	if ( 'auto-draft' === $post->post_status ) {
		return false;
	}
	return in_array( $post->post_type, lrjn_companion_webhook_post_types(), true );
}

/**
 * Queues a message for a post. A later, stronger action replaces an earlier one (delete > trash > unpublish > save).
 *
 * @param WP_Post     $post          Post (snapshot taken now).
 * @param string      $action        save|trash|delete|unpublish.
 * @param string|null $previous_slug Slug before this request changed it.
 */
function lrjn_companion_queue_post( $post, $action, $previous_slug = null ) {
	if ( ! lrjn_companion_is_trackable_post( $post ) ) {
		return;
	}
	if ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) {
		return;
	}
	$rank  = array(
		'save'      => 1,
		'unpublish' => 2,
		'trash'     => 3,
		'delete'    => 4,
	);
	$queue = &lrjn_companion_webhook_queue();
	$key   = 'post:' . $post->ID;
	$slugs = &lrjn_companion_original_slugs();
	$slug  = isset( $slugs[ $post->ID ] ) && in_array( $action, array( 'trash', 'delete' ), true ) ? $slugs[ $post->ID ] : $post->post_name;

	if ( isset( $queue[ $key ] ) ) {
		$existing = $queue[ $key ];
		if ( null === $previous_slug ) {
			$previous_slug = $existing['previousSlug'];
		}
		if ( $rank[ $existing['action'] ] > $rank[ $action ] ) {
			$action = $existing['action'];
			$slug   = $existing['slug'];
		}
	}

	/**
	 * Filters the webhook message for a post change (includes/polylang.php adds the slugs of its translations).
	 *
	 * @param array   $message Message.
	 * @param WP_Post $post    Post.
	 */
	$queue[ $key ] = (array) apply_filters(
		'lrjn_companion_webhook_post_message',
		array(
			'kind'         => 'post',
			'action'       => $action,
			'postType'     => $post->post_type,
			'id'           => (int) $post->ID,
			'slug'         => lrjn_companion_clean_slug( $slug ),
			'previousSlug' => null === $previous_slug || '' === $previous_slug ? null : lrjn_companion_clean_slug( $previous_slug ),
			'status'       => $post->post_status,
		),
		$post
	);
	lrjn_companion_ensure_shutdown_hook();
}

/**
 * Queues a message for a term.
 *
 * @param int    $term_id  Term ID.
 * @param string $taxonomy Taxonomy.
 * @param string $slug     Slug.
 * @param string $action   save|delete.
 */
function lrjn_companion_queue_term( $term_id, $taxonomy, $slug, $action ) {
	if ( ! in_array( $taxonomy, lrjn_companion_webhook_taxonomies(), true ) ) {
		return;
	}
	$queue = &lrjn_companion_webhook_queue();
	$key   = 'term:' . $taxonomy . ':' . (int) $term_id;
	if ( isset( $queue[ $key ] ) && 'delete' === $queue[ $key ]['action'] ) {
		$action = 'delete';
	}
	$queue[ $key ] = array(
		'kind'     => 'term',
		'action'   => $action,
		'taxonomy' => $taxonomy,
		'id'       => (int) $term_id,
		'slug'     => (string) $slug,
	);
	lrjn_companion_ensure_shutdown_hook();
}

/**
 * Hooks the sender to `shutdown` once.
 */
function lrjn_companion_ensure_shutdown_hook() {
	if ( ! has_action( 'shutdown', 'lrjn_companion_flush_webhook_queue' ) ) {
		add_action( 'shutdown', 'lrjn_companion_flush_webhook_queue', 100 );
	}
}

/**
 * Remembers slugs before binning, and slug changes of published posts.
 *
 * @param int $post_id Post ID.
 */
function lrjn_companion_on_wp_trash_post( $post_id ) {
	$post = get_post( $post_id );
	if ( $post ) {
		$slugs             = &lrjn_companion_original_slugs();
		$slugs[ $post_id ] = lrjn_companion_clean_slug( $post->post_name );
	}
}
add_action( 'wp_trash_post', 'lrjn_companion_on_wp_trash_post', 10, 1 );

/**
 * Records the old slug when a published post is renamed.
 *
 * @param int     $post_id     Post ID.
 * @param WP_Post $post_after  Post after the update.
 * @param WP_Post $post_before Post before the update.
 */
function lrjn_companion_on_post_updated( $post_id, $post_after, $post_before ) {
	if ( 'publish' !== $post_before->post_status || 'trash' === $post_after->post_status ) {
		return;
	}
	if ( $post_before->post_name === $post_after->post_name ) {
		return;
	}
	$queue = &lrjn_companion_webhook_queue();
	$key   = 'post:' . $post_id;
	if ( isset( $queue[ $key ] ) ) {
		$queue[ $key ]['previousSlug'] = lrjn_companion_clean_slug( $post_before->post_name );
		return;
	}
	// Remember it for the transition that follows.
	$slugs                                = &lrjn_companion_original_slugs();
	$slugs[ 'previous:' . (int) $post_id ] = lrjn_companion_clean_slug( $post_before->post_name );
}
add_action( 'post_updated', 'lrjn_companion_on_post_updated', 10, 3 );

/**
 * Slug recorded by lrjn_companion_on_post_updated(), if any.
 *
 * @param int $post_id Post ID.
 * @return string|null
 */
function lrjn_companion_previous_slug( $post_id ) {
	$slugs = &lrjn_companion_original_slugs();
	$key   = 'previous:' . (int) $post_id;
	return isset( $slugs[ $key ] ) ? $slugs[ $key ] : null;
}

/**
 * Publication, updates of published posts, unpublication and binning.
 *
 * @param string  $new_status New status.
 * @param string  $old_status Old status.
 * @param WP_Post $post       Post.
 */
function lrjn_companion_on_transition_post_status( $new_status, $old_status, $post ) {
	if ( 'publish' === $new_status ) {
		lrjn_companion_queue_post( $post, 'save', lrjn_companion_previous_slug( $post->ID ) );
	} elseif ( 'trash' === $new_status && 'trash' !== $old_status ) {
		if ( 'publish' === $old_status ) {
			lrjn_companion_queue_post( $post, 'trash' );
		}
	} elseif ( 'publish' === $old_status ) {
		lrjn_companion_queue_post( $post, 'unpublish', lrjn_companion_previous_slug( $post->ID ) );
	}
}
add_action( 'transition_post_status', 'lrjn_companion_on_transition_post_status', 10, 3 );

/**
 * Saves that do not change the status (and code paths that skip the transition hook).
 *
 * @param int     $post_id Post ID.
 * @param WP_Post $post    Post.
 */
function lrjn_companion_on_save_post( $post_id, $post ) {
	if ( $post instanceof WP_Post && 'publish' === $post->post_status ) {
		lrjn_companion_queue_post( $post, 'save', lrjn_companion_previous_slug( $post_id ) );
	}
}
add_action( 'save_post', 'lrjn_companion_on_save_post', 10, 2 );

/**
 * Binning (after the status change; a published post was announced by the transition already).
 *
 * @param int $post_id Post ID.
 */
function lrjn_companion_on_trashed_post( $post_id ) {
	$post = get_post( $post_id );
	if ( ! $post ) {
		return;
	}
	$was = get_post_meta( $post_id, '_wp_trash_meta_status', true );
	if ( 'publish' === $was ) {
		lrjn_companion_queue_post( $post, 'trash' );
	}
}
add_action( 'trashed_post', 'lrjn_companion_on_trashed_post', 10, 1 );

/**
 * Permanent deletion of anything that is or was public.
 *
 * @param int          $post_id Post ID.
 * @param WP_Post|null $post    Post (WP 5.5+).
 */
function lrjn_companion_on_before_delete_post( $post_id, $post = null ) {
	$post = $post instanceof WP_Post ? $post : get_post( $post_id );
	if ( ! $post ) {
		return;
	}
	$public = 'publish' === $post->post_status
		|| ( 'trash' === $post->post_status && 'publish' === get_post_meta( $post->ID, '_wp_trash_meta_status', true ) );
	if ( $public ) {
		lrjn_companion_queue_post( $post, 'delete' );
	}
}
add_action( 'before_delete_post', 'lrjn_companion_on_before_delete_post', 10, 2 );

/**
 * Media: edits (title, alt text, caption) and deletion.
 *
 * @param int $post_id Attachment ID.
 */
function lrjn_companion_on_edit_attachment( $post_id ) {
	$post = get_post( $post_id );
	if ( $post ) {
		lrjn_companion_queue_post( $post, 'save' );
	}
}
add_action( 'edit_attachment', 'lrjn_companion_on_edit_attachment', 10, 1 );

/**
 * Media deletion (fires before the attachment is removed).
 *
 * @param int $post_id Attachment ID.
 */
function lrjn_companion_on_delete_attachment( $post_id ) {
	$post = get_post( $post_id );
	if ( $post ) {
		lrjn_companion_queue_post( $post, 'delete' );
	}
}
add_action( 'delete_attachment', 'lrjn_companion_on_delete_attachment', 10, 1 );

/**
 * Term created or edited.
 *
 * @param int    $term_id  Term ID.
 * @param int    $tt_id    Term taxonomy ID.
 * @param string $taxonomy Taxonomy.
 */
function lrjn_companion_on_term_saved( $term_id, $tt_id, $taxonomy ) {
	$term = get_term( $term_id, $taxonomy );
	if ( $term instanceof WP_Term ) {
		lrjn_companion_queue_term( $term_id, $taxonomy, $term->slug, 'save' );
	}
}
add_action( 'created_term', 'lrjn_companion_on_term_saved', 10, 3 );
add_action( 'edited_term', 'lrjn_companion_on_term_saved', 10, 3 );

/**
 * Term deleted.
 *
 * @param int     $term_id      Term ID.
 * @param int     $tt_id        Term taxonomy ID.
 * @param string  $taxonomy     Taxonomy.
 * @param WP_Term $deleted_term Copy of the deleted term.
 */
function lrjn_companion_on_term_deleted( $term_id, $tt_id, $taxonomy, $deleted_term ) {
	$slug = $deleted_term instanceof WP_Term ? $deleted_term->slug : '';
	lrjn_companion_queue_term( $term_id, $taxonomy, $slug, 'delete' );
}
add_action( 'delete_term', 'lrjn_companion_on_term_deleted', 10, 4 );

/*
 * ------------------------------------------------------------------------------------------------------------------
 * Sending
 * ------------------------------------------------------------------------------------------------------------------
 */

/**
 * Sends everything queued in this request (hooked to `shutdown`).
 */
function lrjn_companion_flush_webhook_queue() {
	$queue = lrjn_companion_webhook_queue();
	lrjn_companion_webhook_queue( array() );
	if ( empty( $queue ) || ! lrjn_companion_webhook_enabled() ) {
		return;
	}
	if ( '' === lrjn_companion_webhook_endpoint() || '' === lrjn_companion_webhook_secret() ) {
		return;
	}

	// Let the editor's request finish before waiting on the site (PHP-FPM only).
	if ( function_exists( 'fastcgi_finish_request' ) && apply_filters( 'lrjn_companion_finish_request_early', true ) ) {
		fastcgi_finish_request();
	}

	foreach ( $queue as $message ) {
		if ( 'post' === $message['kind'] && 'delete' !== $message['action'] ) {
			// Refresh slug and status: later code in the request may have changed them.
			$post = get_post( $message['id'] );
			if ( $post ) {
				if ( 'trash' !== $message['action'] ) {
					$message['slug'] = lrjn_companion_clean_slug( $post->post_name );
				}
				$message['status'] = $post->post_status;
			}
		}
		lrjn_companion_send_webhook( $message, true );
	}
}

/**
 * Encodes a message with its send time in the contract's key order, and a random nonce: the site refuses a signed
 * body it has seen (replay guard), and the same change sent twice in one second (the block editor saves a post,
 * then its meta boxes, in two requests) would otherwise be that same body, refused, and counted against the sender.
 *
 * @param array $message Message without sentAt.
 * @return string JSON body.
 */
function lrjn_companion_webhook_body( $message ) {
	unset( $message['sentAt'] );
	if ( empty( $message['nonce'] ) ) {
		$message['nonce'] = bin2hex( random_bytes( 8 ) );
	}
	$message['sentAt'] = gmdate( 'Y-m-d\TH:i:s\Z' );
	return (string) wp_json_encode( $message, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
}

/**
 * Signature header value for a body.
 *
 * @param string $timestamp Unix seconds as a string.
 * @param string $body      Raw body.
 * @param string $secret    Shared secret.
 * @return string
 */
function lrjn_companion_webhook_signature( $timestamp, $body, $secret ) {
	return 'sha256=' . hash_hmac( 'sha256', $timestamp . '.' . $body, $secret );
}

/**
 * Sends one message with up to 3 attempts; logs the outcome; optionally schedules one retry on failure.
 *
 * @param array $message    Message (without sentAt).
 * @param bool  $reschedule Whether a final failure schedules a retry in 60 s.
 * @return array{ok:bool,code:int|null,error:string,attempts:int}
 */
function lrjn_companion_send_webhook( $message, $reschedule = true ) {
	$endpoint = lrjn_companion_webhook_endpoint();
	$secret   = lrjn_companion_webhook_secret();
	$result   = array(
		'ok'       => false,
		'code'     => null,
		'error'    => '',
		'attempts' => 0,
	);
	if ( '' === $endpoint || '' === $secret ) {
		$result['error'] = __( 'Site URL or secret is not configured.', 'lrjn-companion' );
		lrjn_companion_log_webhook( $message, $result );
		return $result;
	}

	/** Filters the pauses (seconds) before the 2nd and 3rd attempt. */
	$delays       = (array) apply_filters( 'lrjn_companion_webhook_retry_delays', array( 0.5, 1.0 ) );
	$max_attempts = 1 + count( $delays );

	for ( $attempt = 1; $attempt <= $max_attempts; $attempt++ ) {
		if ( $attempt > 1 ) {
			usleep( (int) round( 1000000 * (float) $delays[ $attempt - 2 ] ) );
		}
		$timestamp = (string) time();
		$body      = lrjn_companion_webhook_body( $message );
		$response  = wp_remote_post(
			$endpoint,
			array(
				'timeout'     => 5,
				'redirection' => 0,
				'blocking'    => true,
				'user-agent'  => 'LRJN-Companion/' . LRJN_COMPANION_VERSION . '; ' . home_url( '/' ),
				'headers'     => array(
					'Content-Type'        => 'application/json',
					'X-Webhook-Timestamp' => $timestamp,
					'X-Webhook-Signature' => lrjn_companion_webhook_signature( $timestamp, $body, $secret ),
				),
				'body'        => $body,
				'data_format' => 'body',
			)
		);
		$result['attempts'] = $attempt;

		if ( is_wp_error( $response ) ) {
			$result['code']  = null;
			$result['error'] = $response->get_error_message();
			continue;
		}
		$code           = (int) wp_remote_retrieve_response_code( $response );
		$result['code'] = $code;
		if ( $code >= 200 && $code < 300 ) {
			$result['ok']    = true;
			$result['error'] = '';
			break;
		}
		$result['error'] = trim( (string) wp_remote_retrieve_response_message( $response ) );
		if ( $code < 500 ) {
			break; // A 4xx will not get better by retrying (bad secret, bad payload).
		}
	}

	$result['retry_scheduled'] = false;
	if ( ! $result['ok'] && $reschedule && ( null === $result['code'] || $result['code'] >= 500 ) ) {
		$scheduled                 = wp_schedule_single_event( time() + 60, 'lrjn_companion_retry_webhook', array( $message ) );
		$result['retry_scheduled'] = false !== $scheduled;
	}
	lrjn_companion_log_webhook( $message, $result );
	return $result;
}

/**
 * WP-Cron retry of a message that failed (no further retries).
 *
 * @param array $message Message.
 */
function lrjn_companion_retry_webhook( $message ) {
	if ( is_array( $message ) && isset( $message['kind'] ) && lrjn_companion_webhook_enabled() ) {
		lrjn_companion_send_webhook( $message, false );
	}
}
add_action( 'lrjn_companion_retry_webhook', 'lrjn_companion_retry_webhook', 10, 1 );

/**
 * Appends an entry to the log (newest first, at most 50).
 *
 * @param array $message Message.
 * @param array $result  Result of lrjn_companion_send_webhook().
 */
function lrjn_companion_log_webhook( $message, $result ) {
	$log = get_option( LRJN_COMPANION_LOG_OPTION, array() );
	if ( ! is_array( $log ) ) {
		$log = array();
	}
	array_unshift(
		$log,
		array(
			'time'     => time(),
			'kind'     => isset( $message['kind'] ) ? (string) $message['kind'] : '',
			'action'   => isset( $message['action'] ) ? (string) $message['action'] : '',
			'type'     => isset( $message['postType'] ) ? (string) $message['postType'] : ( isset( $message['taxonomy'] ) ? (string) $message['taxonomy'] : '' ),
			'id'       => isset( $message['id'] ) ? (int) $message['id'] : 0,
			'slug'     => isset( $message['slug'] ) ? (string) $message['slug'] : ( isset( $message['name'] ) ? (string) $message['name'] : '' ),
			'ok'       => ! empty( $result['ok'] ),
			'code'     => isset( $result['code'] ) ? $result['code'] : null,
			'error'    => isset( $result['error'] ) ? (string) $result['error'] : '',
			'attempts' => isset( $result['attempts'] ) ? (int) $result['attempts'] : 0,
			'retry'    => ! empty( $result['retry_scheduled'] ),
		)
	);
	update_option( LRJN_COMPANION_LOG_OPTION, array_slice( $log, 0, LRJN_COMPANION_LOG_SIZE ), false );
}
