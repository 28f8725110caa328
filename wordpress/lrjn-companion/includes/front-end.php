<?php
/**
 * The website is the front end: permalinks ("View post", the REST `link` field, the editor's permalink panel) point
 * at the Next.js site, and the CMS host's own public pages redirect there, so there is one indexable copy of the
 * content. Untouched: wp-admin, wp-login.php, the REST API (/wp-json/ and ?rest_route=), uploads and other files
 * under /wp-content/, previews, robots.txt, cron and XML-RPC.
 *
 * Active when the website URL is set (Settings → Site revalidation or LRJN_SITE_URL). The filters
 * `lrjn_companion_rewrite_permalinks` and `lrjn_companion_redirect_front_end` (both bool) turn either part off.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * Where the site shows each post type: the path before the slug (pages: the page path itself).
 *
 * @return array<string,string> Post type => path prefix.
 */
function lrjn_companion_site_prefixes() {
	/**
	 * Filters the site path prefix of each post type (the routes of the Next.js app).
	 *
	 * @param array<string,string> $prefixes Post type => prefix, e.g. 'post' => '/blog/'.
	 */
	return (array) apply_filters(
		'lrjn_companion_site_prefixes',
		array(
			'post'          => '/blog/',
			'page'          => '/',
			'events'        => '/event/',
			'reports'       => '/reports/',
			'cause'         => '/cause/',
			'media_archive' => '/media-archive/',
			'team_member'   => '/team-member/',
			'vacancy'       => '/vacancies/',
		)
	);
}

/**
 * Whether permalinks point at the site.
 *
 * @return bool
 */
function lrjn_companion_rewrites_permalinks() {
	return '' !== lrjn_companion_site_url() && (bool) apply_filters( 'lrjn_companion_rewrite_permalinks', true );
}

/**
 * The site's address of a post, or '' when the site does not show its type. Drafts and other unpublished posts
 * get their Preview address (the block editor previews a draft by opening its permalink with `preview=true`).
 *
 * @param WP_Post $post      Post.
 * @param bool    $leavename Keep the %postname% / %pagename% placeholder (the editor's permalink panel).
 * @return string
 */
function lrjn_companion_site_permalink( $post, $leavename = false ) {
	$prefixes = lrjn_companion_site_prefixes();
	if ( ! $post instanceof WP_Post || ! isset( $prefixes[ $post->post_type ] ) ) {
		return '';
	}
	$site = lrjn_companion_site_url();
	if ( ! $leavename && 'publish' !== $post->post_status ) {
		return lrjn_companion_preview_button_url( $post );
	}
	if ( 'page' === $post->post_type ) {
		if ( (int) get_option( 'page_on_front' ) === (int) $post->ID || 'home' === $post->post_name ) {
			return $site . '/';
		}
		return $site . '/' . ( $leavename ? '%pagename%' : get_page_uri( $post ) );
	}
	$slug = $leavename ? '%postname%' : $post->post_name;
	if ( '' === (string) $slug ) {
		return '';
	}
	return $site . $prefixes[ $post->post_type ] . $slug;
}

/**
 * `post_link` and `post_type_link`.
 *
 * @param string  $link      WordPress's permalink.
 * @param WP_Post $post      Post.
 * @param bool    $leavename Whether to keep the slug placeholder.
 * @return string
 */
function lrjn_companion_filter_post_link( $link, $post, $leavename = false ) {
	if ( ! lrjn_companion_rewrites_permalinks() ) {
		return $link;
	}
	$url = lrjn_companion_site_permalink( $post, (bool) $leavename );
	return '' === $url ? $link : $url;
}
add_filter( 'post_link', 'lrjn_companion_filter_post_link', 10, 3 );
add_filter( 'post_type_link', 'lrjn_companion_filter_post_link', 10, 3 );

/**
 * `page_link`.
 *
 * @param string $link    WordPress's permalink.
 * @param int    $post_id Page ID.
 * @param bool   $sample  Whether this is the editor's sample permalink.
 * @return string
 */
function lrjn_companion_filter_page_link( $link, $post_id, $sample = false ) {
	return lrjn_companion_filter_post_link( $link, get_post( $post_id ), $sample );
}
add_filter( 'page_link', 'lrjn_companion_filter_page_link', 10, 3 );

/**
 * Whether this request is for the CMS host's public front end, which goes to the site.
 *
 * @return bool
 */
function lrjn_companion_is_public_front_end_request() {
	if ( is_admin() || wp_doing_ajax() || wp_doing_cron() || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
		return false;
	}
	// phpcs:disable WordPress.Security.NonceVerification.Recommended -- only reading which kind of request this is.
	if ( isset( $_GET['rest_route'] ) || isset( $_GET['preview'] ) || isset( $_GET['preview_id'] ) ) {
		return false;
	}
	// phpcs:enable
	if ( is_preview() || is_robots() || is_favicon() || is_customize_preview() || is_trackback() ) {
		return false;
	}
	$path = (string) wp_parse_url( isset( $_SERVER['REQUEST_URI'] ) ? wp_unslash( $_SERVER['REQUEST_URI'] ) : '/', PHP_URL_PATH ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
	// /wp-json/ with plain permalinks reaches the theme as a 404: leave it as WordPress answers it.
	if ( preg_match( '#^/(wp-json|wp-content|wp-admin|wp-includes)(/|$)#', $path ) ) {
		return false;
	}
	return true;
}

/**
 * The site address for this front-end request: the post's own address for a single post the site shows, the
 * site's home for the front page, else the same path on the site.
 *
 * @return string
 */
function lrjn_companion_front_end_target() {
	$site = lrjn_companion_site_url();
	if ( is_front_page() || is_home() ) {
		return $site . '/';
	}
	if ( is_singular() ) {
		$post = get_queried_object();
		if ( $post instanceof WP_Post && 'publish' === $post->post_status ) {
			$url = lrjn_companion_site_permalink( $post );
			if ( '' !== $url ) {
				return $url;
			}
		}
	}
	$path = (string) wp_parse_url( isset( $_SERVER['REQUEST_URI'] ) ? wp_unslash( $_SERVER['REQUEST_URI'] ) : '/', PHP_URL_PATH ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
	$path = '/' . ltrim( $path, '/' );
	return $site . ( '/' === $path ? '/' : untrailingslashit( $path ) );
}

/**
 * `template_redirect` (before canonical redirects): public front-end pages answer 301 to the site.
 */
function lrjn_companion_redirect_front_end() {
	if ( '' === lrjn_companion_site_url() || ! (bool) apply_filters( 'lrjn_companion_redirect_front_end', true ) ) {
		return;
	}
	if ( ! lrjn_companion_is_public_front_end_request() ) {
		return;
	}
	// phpcs:ignore WordPress.Security.SafeRedirect.wp_redirect_wp_redirect -- the site is another host on purpose.
	wp_redirect( lrjn_companion_front_end_target(), (int) apply_filters( 'lrjn_companion_front_end_redirect_status', 301 ), 'LRJN Companion' );
	exit;
}
add_action( 'template_redirect', 'lrjn_companion_redirect_front_end', 0 );
