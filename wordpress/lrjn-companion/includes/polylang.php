<?php
/**
 * Polylang support for the headless site.
 *
 * REST: the site reads each item's language and translations in Polylang Pro's REST shape: `lang` (language slug)
 * and `translations` (language slug => post id, the item included) on posts, pages and events, and `?lang=xx` on
 * their collections. Polylang's free version has neither, so this file adds them from Polylang's PHP API, unless
 * Polylang Pro already registered them.
 *
 * Webhook: the website shows a translation at its English original's address (`/es/blog/{english slug}`) and
 * lists every translation in the original's hreflang, so a change to any member of a translation group must
 * refresh the pages of all of them: the post message gains `translations`, language slug => post slug of each
 * linked translation (the changed post included). The site turns those slugs into cache tags (lib/cms/tags.ts);
 * sites without Polylang send no such field.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * True when Polylang's PHP API is available.
 */
function lrjn_companion_polylang_active() {
	return function_exists( 'pll_get_post_language' ) && function_exists( 'pll_get_post_translations' ) && function_exists( 'pll_languages_list' );
}

/**
 * Post types whose REST answers carry `lang` and `translations`.
 *
 * @return string[]
 */
function lrjn_companion_polylang_types() {
	/** Filters the post types given Polylang's REST fields. */
	return (array) apply_filters( 'lrjn_companion_polylang_types', array( 'post', 'page', 'events' ) );
}

/**
 * Registers `lang`, `translations` and the `lang` collection parameter where Polylang Pro has not (it registers
 * them earlier on the same hook).
 */
function lrjn_companion_polylang_rest() {
	global $wp_rest_additional_fields;
	if ( ! lrjn_companion_polylang_active() ) {
		return;
	}
	foreach ( lrjn_companion_polylang_types() as $type ) {
		if ( empty( $wp_rest_additional_fields[ $type ]['lang'] ) ) {
			register_rest_field(
				$type,
				'lang',
				array(
					'get_callback' => static function ( $item ) {
						return (string) pll_get_post_language( (int) $item['id'], 'slug' );
					},
					'schema'       => array(
						'description' => 'Language slug (Polylang).',
						'type'        => 'string',
						'context'     => array( 'view', 'edit', 'embed' ),
					),
				)
			);
		}
		if ( empty( $wp_rest_additional_fields[ $type ]['translations'] ) ) {
			register_rest_field(
				$type,
				'translations',
				array(
					'get_callback' => static function ( $item ) {
						return (object) array_map( 'intval', (array) pll_get_post_translations( (int) $item['id'] ) );
					},
					'schema'       => array(
						'description' => 'Post ids of the translations by language slug, this item included (Polylang).',
						'type'        => 'object',
						'context'     => array( 'view', 'edit', 'embed' ),
					),
				)
			);
		}
		add_filter( "rest_{$type}_query", 'lrjn_companion_polylang_rest_query', 10, 2 );
	}
}
add_action( 'rest_api_init', 'lrjn_companion_polylang_rest', 100 );

/**
 * `?lang=xx` on a collection becomes Polylang's `lang` query variable (an unknown language is ignored).
 *
 * @param array           $args    WP_Query arguments.
 * @param WP_REST_Request $request Request.
 * @return array
 */
function lrjn_companion_polylang_rest_query( $args, $request ) {
	$lang = $request->get_param( 'lang' );
	if ( is_string( $lang ) && in_array( $lang, (array) pll_languages_list(), true ) ) {
		$args['lang'] = $lang;
	}
	return $args;
}

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
