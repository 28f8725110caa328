<?php
/**
 * Polylang support for the revalidation webhook. The website shows a translation at its English original's
 * address (`/es/blog/{english slug}`) and lists every translation in the original's hreflang, so a change to
 * any member of a translation group must refresh the pages of all of them: the post message gains
 * `translations`, language slug => post slug of each linked translation (the changed post included). The site
 * turns those slugs into cache tags (lib/cms/tags.ts); sites without Polylang send no such field.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * Slugs of a post's translation group by language slug, or an empty array without Polylang or translations.
 *
 * @param WP_Post $post Post.
 * @return array<string,string>
 */
function lrjn_companion_translation_slugs( $post ) {
	if ( ! function_exists( 'pll_get_post_translations' ) ) {
		return array();
	}
	$slugs = array();
	foreach ( (array) pll_get_post_translations( $post->ID ) as $lang => $id ) {
		$member = (int) $id === (int) $post->ID ? $post : get_post( (int) $id );
		if ( ! $member || '' === (string) $member->post_name || ! preg_match( '/^[a-z]{2,3}(?:[_-][a-zA-Z]{2,4})?$/', (string) $lang ) ) {
			continue;
		}
		$slugs[ (string) $lang ] = lrjn_companion_clean_slug( $member->post_name );
	}
	return count( $slugs ) > 1 ? array_slice( $slugs, 0, 20, true ) : array();
}

/**
 * Adds `translations` to a post's webhook message when it belongs to a translation group.
 *
 * @param array   $message Message.
 * @param WP_Post $post    Post.
 * @return array
 */
function lrjn_companion_webhook_add_translations( $message, $post ) {
	$translations = $post instanceof WP_Post ? lrjn_companion_translation_slugs( $post ) : array();
	if ( $translations ) {
		$message['translations'] = $translations;
	}
	return $message;
}
add_filter( 'lrjn_companion_webhook_post_message', 'lrjn_companion_webhook_add_translations', 10, 2 );
