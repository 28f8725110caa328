<?php
/**
 * REST collection limits: lists of the site's content may be read 100 at a time (the front end asks for
 * per_page=100 for reports and causes). WordPress allows 100 by default; this keeps it so for these routes even if
 * another plugin lowers the limit. It changes nothing else: status filters and drafts still need authentication.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * Caps per_page at 100 for the front end's collections.
 *
 * @param array $params Collection parameters.
 * @return array
 */
function lrjn_companion_collection_params( $params ) {
	if ( isset( $params['per_page'] ) && is_array( $params['per_page'] ) ) {
		$params['per_page']['maximum'] = 100;
	}
	return $params;
}

/**
 * Hooks the collection-parameter filter of each post type and taxonomy the site reads.
 */
function lrjn_companion_register_collection_filters() {
	foreach ( array_merge( array( 'post', 'page', 'attachment' ), lrjn_companion_post_types() ) as $post_type ) {
		add_filter( 'rest_' . $post_type . '_collection_params', 'lrjn_companion_collection_params' );
	}
	foreach ( array( 'category', 'post_tag', 'media_category' ) as $taxonomy ) {
		add_filter( 'rest_' . $taxonomy . '_collection_params', 'lrjn_companion_collection_params' );
	}
}
add_action( 'init', 'lrjn_companion_register_collection_filters', 20 );
