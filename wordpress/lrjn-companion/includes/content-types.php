<?php
/**
 * Post types, the media_category taxonomy and the `organization` meta of reports.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * Builds the label set of a post type.
 *
 * @param string $singular Translated singular name.
 * @param string $plural   Translated plural name.
 * @return array<string,string>
 */
function lrjn_companion_post_type_labels( $singular, $plural ) {
	return array(
		'name'                  => $plural,
		'singular_name'         => $singular,
		'menu_name'             => $plural,
		'all_items'             => $plural,
		/* translators: %s: singular name of a content type, e.g. "Report". */
		'add_new_item'          => sprintf( __( 'Add new %s', 'lrjn-companion' ), $singular ),
		'add_new'               => __( 'Add new', 'lrjn-companion' ),
		/* translators: %s: singular name of a content type. */
		'new_item'              => sprintf( __( 'New %s', 'lrjn-companion' ), $singular ),
		/* translators: %s: singular name of a content type. */
		'edit_item'             => sprintf( __( 'Edit %s', 'lrjn-companion' ), $singular ),
		/* translators: %s: singular name of a content type. */
		'view_item'             => sprintf( __( 'View %s', 'lrjn-companion' ), $singular ),
		/* translators: %s: plural name of a content type. */
		'view_items'            => sprintf( __( 'View %s', 'lrjn-companion' ), $plural ),
		/* translators: %s: plural name of a content type. */
		'search_items'          => sprintf( __( 'Search %s', 'lrjn-companion' ), $plural ),
		'not_found'             => __( 'Nothing found.', 'lrjn-companion' ),
		'not_found_in_trash'    => __( 'Nothing found in the bin.', 'lrjn-companion' ),
		'featured_image'        => __( 'Featured image', 'lrjn-companion' ),
		'set_featured_image'    => __( 'Set featured image', 'lrjn-companion' ),
		'remove_featured_image' => __( 'Remove featured image', 'lrjn-companion' ),
		'use_featured_image'    => __( 'Use as featured image', 'lrjn-companion' ),
		/* translators: %s: singular name of a content type. */
		'item_published'        => sprintf( __( '%s published.', 'lrjn-companion' ), $singular ),
		/* translators: %s: singular name of a content type. */
		'item_updated'          => sprintf( __( '%s updated.', 'lrjn-companion' ), $singular ),
	);
}

/**
 * The plugin's post types: name => [ rest_base, rewrite slug, dashicon, singular label, plural label, and
 * optionally features `supports`ed beyond the common ones and `taxonomies` (WordPress's own, e.g. post_tag) ].
 *
 * @return array<string,array<string,mixed>>
 */
function lrjn_companion_post_type_definitions() {
	return array(
		'reports'       => array(
			'rest_base' => 'reports',
			'slug'      => 'reports',
			'icon'      => 'dashicons-media-document',
			'singular'  => _x( 'Report', 'post type singular name', 'lrjn-companion' ),
			'plural'    => _x( 'Reports', 'post type general name', 'lrjn-companion' ),
		),
		'events'        => array(
			'rest_base'  => 'events',
			'slug'       => 'events',
			'icon'       => 'dashicons-calendar-alt',
			// Tags: the `content-note` tag marks a distressing event (the website shows a content note and Exit).
			'taxonomies' => array( 'post_tag' ),
			'singular'   => _x( 'Event', 'post type singular name', 'lrjn-companion' ),
			'plural'     => _x( 'Events', 'post type general name', 'lrjn-companion' ),
		),
		'cause'         => array(
			'rest_base' => 'cause',
			'slug'      => 'cause',
			'icon'      => 'dashicons-heart',
			'singular'  => _x( 'Cause', 'post type singular name', 'lrjn-companion' ),
			'plural'    => _x( 'Causes', 'post type general name', 'lrjn-companion' ),
		),
		'media_archive' => array(
			'rest_base'  => 'media-archive',
			'slug'       => 'media-archive',
			'icon'       => 'dashicons-format-gallery',
			'taxonomies' => array( 'post_tag' ),
			'singular'   => _x( 'Media item', 'post type singular name', 'lrjn-companion' ),
			'plural'     => _x( 'Media archive', 'post type general name', 'lrjn-companion' ),
		),
		'team_member'   => array(
			'rest_base' => 'team-member',
			'slug'      => 'team-member',
			'icon'      => 'dashicons-groups',
			// An "Order" box for editors, and REST's orderby=menu_order (refused with a 400 without it), which the
			// website's team page asks for.
			'supports'  => array( 'page-attributes' ),
			'singular'  => _x( 'Team member', 'post type singular name', 'lrjn-companion' ),
			'plural'    => _x( 'Team', 'post type general name', 'lrjn-companion' ),
		),
		'vacancy'       => array(
			'rest_base' => 'vacancies',
			'slug'      => 'vacancies',
			'icon'      => 'dashicons-id-alt',
			'singular'  => _x( 'Vacancy', 'post type singular name', 'lrjn-companion' ),
			'plural'    => _x( 'Vacancies', 'post type general name', 'lrjn-companion' ),
		),
	);
}

/**
 * Names of the plugin's post types.
 *
 * @return string[]
 */
function lrjn_companion_post_types() {
	return array( 'reports', 'events', 'cause', 'media_archive', 'team_member', 'vacancy' );
}

/**
 * Registers the post types, the taxonomy and the reports' `organization` meta.
 */
function lrjn_companion_register_content_types() {
	foreach ( lrjn_companion_post_type_definitions() as $post_type => $def ) {
		register_post_type(
			$post_type,
			array(
				'labels'       => lrjn_companion_post_type_labels( $def['singular'], $def['plural'] ),
				'public'       => true,
				'show_in_rest' => true,
				'rest_base'    => $def['rest_base'],
				'has_archive'  => false,
				'hierarchical' => false,
				'menu_icon'    => $def['icon'],
				'rewrite'      => array(
					'slug'       => $def['slug'],
					'with_front' => false,
				),
				'supports'     => array_merge(
					array( 'title', 'editor', 'excerpt', 'thumbnail', 'author', 'custom-fields' ),
					isset( $def['supports'] ) ? $def['supports'] : array()
				),
				'taxonomies'   => isset( $def['taxonomies'] ) ? $def['taxonomies'] : array(),
			)
		);
	}

	register_taxonomy(
		'media_category',
		array( 'media_archive' ),
		array(
			'labels'            => array(
				'name'          => _x( 'Media categories', 'taxonomy general name', 'lrjn-companion' ),
				'singular_name' => _x( 'Media category', 'taxonomy singular name', 'lrjn-companion' ),
				'search_items'  => __( 'Search media categories', 'lrjn-companion' ),
				'all_items'     => __( 'All media categories', 'lrjn-companion' ),
				'edit_item'     => __( 'Edit media category', 'lrjn-companion' ),
				'update_item'   => __( 'Update media category', 'lrjn-companion' ),
				'add_new_item'  => __( 'Add new media category', 'lrjn-companion' ),
				'new_item_name' => __( 'New media category name', 'lrjn-companion' ),
				'menu_name'     => __( 'Media categories', 'lrjn-companion' ),
				'not_found'     => __( 'No media categories found.', 'lrjn-companion' ),
			),
			'public'            => true,
			'hierarchical'      => true,
			'show_in_rest'      => true,
			'rest_base'         => 'media_category',
			'show_admin_column' => true,
			'rewrite'           => array(
				'slug'       => 'media-category',
				'with_front' => false,
			),
		)
	);

	register_post_meta(
		'reports',
		'organization',
		array(
			'type'              => 'string',
			'description'       => __( 'Organisation that published the report.', 'lrjn-companion' ),
			'single'            => true,
			'default'           => '',
			'show_in_rest'      => true,
			'sanitize_callback' => 'sanitize_text_field',
			'auth_callback'     => static function ( $allowed, $meta_key, $post_id ) {
				return current_user_can( 'edit_post', $post_id );
			},
		)
	);
}
add_action( 'init', 'lrjn_companion_register_content_types' );
