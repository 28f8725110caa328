<?php
/**
 * Previews on the website: the Preview button opens the draft on the Next.js site in its draft mode.
 *
 * The Preview button (classic editor, block editor, the Preview row action) opens
 * `wp-admin/admin-post.php?action=lrjn_preview&post={id}`. That handler checks the editor may edit the post and
 * redirects to `{site}/api/preview?type={rest base}&id={id}&exp={now + 5 min}&sig={hex}`, where sig is
 * hash_hmac('sha256', "lrjn-preview-link\n{type}\n{id}\n{exp}", shared secret). The link is signed at the moment
 * of the click, so it can expire quickly whatever time the editor spent editing, and the secret never leaves the
 * two servers. The site checks the signature, turns on draft mode and reads the draft (and the newest autosave)
 * through the REST API with its own application password.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/** Seconds a signed link to the site stays valid (the site refuses links valid for more than an hour). */
const LRJN_COMPANION_PREVIEW_TTL = 300;

/**
 * The REST base the site previews a post under, or '' when the site does not show that post type.
 *
 * @param WP_Post $post Post.
 * @return string
 */
function lrjn_companion_preview_type( $post ) {
	$types = array_merge( array( 'post', 'page' ), lrjn_companion_post_types() );
	if ( ! $post instanceof WP_Post || ! in_array( $post->post_type, $types, true ) ) {
		return '';
	}
	$object = get_post_type_object( $post->post_type );
	if ( ! $object || empty( $object->show_in_rest ) ) {
		return '';
	}
	return ! empty( $object->rest_base ) && is_string( $object->rest_base ) ? $object->rest_base : $post->post_type;
}

/**
 * The signed site URL that shows a post in draft mode, or '' when previews cannot go to the site (no site URL or
 * secret, or a post type the site does not show).
 *
 * @param WP_Post  $post Post.
 * @param int|null $now  Unix time (tests).
 * @return string
 */
function lrjn_companion_signed_preview_url( $post, $now = null ) {
	$site   = lrjn_companion_site_url();
	$secret = lrjn_companion_webhook_secret();
	$type   = lrjn_companion_preview_type( $post );
	if ( '' === $site || '' === $secret || '' === $type ) {
		return '';
	}
	$exp  = ( null === $now ? time() : (int) $now ) + (int) apply_filters( 'lrjn_companion_preview_ttl', LRJN_COMPANION_PREVIEW_TTL );
	$id   = (int) $post->ID;
	$sig  = hash_hmac( 'sha256', "lrjn-preview-link\n{$type}\n{$id}\n{$exp}", $secret );
	$args = array(
		'type' => $type,
		'id'   => $id,
		'exp'  => $exp,
		'sig'  => $sig,
	);
	return $site . '/api/preview?' . http_build_query( $args, '', '&', PHP_QUERY_RFC3986 );
}

/**
 * The address the Preview button opens for a post (in wp-admin, so it is signed only when clicked), or '' when the
 * site cannot show it.
 *
 * @param WP_Post $post Post.
 * @return string
 */
function lrjn_companion_preview_button_url( $post ) {
	if ( '' === lrjn_companion_signed_preview_url( $post ) ) {
		return '';
	}
	return add_query_arg(
		array(
			'action' => 'lrjn_preview',
			'post'   => (int) $post->ID,
		),
		admin_url( 'admin-post.php' )
	);
}

/**
 * `preview_post_link`: the Preview button and the autosave's `preview_link` open the site's preview.
 *
 * @param string  $link Preview link WordPress made.
 * @param WP_Post $post Post.
 * @return string
 */
function lrjn_companion_filter_preview_post_link( $link, $post ) {
	$url = lrjn_companion_preview_button_url( $post );
	return '' === $url ? $link : $url;
}
add_filter( 'preview_post_link', 'lrjn_companion_filter_preview_post_link', 10, 2 );

/**
 * `admin-post.php?action=lrjn_preview&post={id}`: signs a fresh link and redirects the editor to the site.
 * Only for people who may edit the post; anyone else gets WordPress's "not allowed" page.
 */
function lrjn_companion_handle_preview() {
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read that only an editor of the post may make.
	$post_id = isset( $_GET['post'] ) ? absint( wp_unslash( $_GET['post'] ) ) : 0;
	$post    = $post_id ? get_post( $post_id ) : null;
	if ( ! $post || ! current_user_can( 'edit_post', $post_id ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to preview this content.', 'lrjn-companion' ), 403 );
	}
	$url = lrjn_companion_signed_preview_url( $post );
	if ( '' === $url ) {
		wp_die( esc_html__( 'Previews on the website need the website address and the shared secret (Settings → Site revalidation).', 'lrjn-companion' ), 409 );
	}
	nocache_headers();
	// The site is another host: wp_safe_redirect() would refuse it.
	wp_redirect( $url, 302, 'LRJN Companion' ); // phpcs:ignore WordPress.Security.SafeRedirect.wp_redirect_wp_redirect
	exit;
}
add_action( 'admin_post_lrjn_preview', 'lrjn_companion_handle_preview' );
