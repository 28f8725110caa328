<?php
/**
 * Menus for the headless site: two menu locations (header and footer) that editors fill under Appearance → Menus
 * (or the REST API's /wp/v2/menus), read by the site from `GET /lrjn/v1/menus`, and a revalidation webhook
 * (`{"kind":"menu","action":"save","slug":"menus","nonce":"<16 hex>"}`) whenever a menu, one of its items or the locations change.
 *
 * The answer is public (menus are shown to every visitor anyway) and lists only published items: an item whose page
 * or post is not published is left out, as WordPress itself does.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

/**
 * Our menu locations: location => label shown to editors.
 *
 * @return array<string,string>
 */
function lrjn_companion_menu_locations() {
	return array(
		'lrjn-header' => __( 'Website header', 'lrjn-companion' ),
		'lrjn-footer' => __( 'Website footer', 'lrjn-companion' ),
	);
}

/**
 * Registers the locations, so they show under Appearance → Menus → Manage locations whatever the theme.
 */
function lrjn_companion_register_menu_locations() {
	register_nav_menus( lrjn_companion_menu_locations() );
}
add_action( 'after_setup_theme', 'lrjn_companion_register_menu_locations', 20 );

/**
 * One menu item as the site reads it. The site maps `type`/`object`/`slug` to its own routes and treats every
 * field as untrusted.
 *
 * @param WP_Post $item Item from wp_get_nav_menu_items() (decorated by wp_setup_nav_menu_item()).
 * @return array|null Null for an invalid item (its object is gone or not published).
 */
function lrjn_companion_menu_item_json( $item ) {
	if ( ! empty( $item->_invalid ) ) {
		return null;
	}
	$slug = '';
	if ( 'post_type' === $item->type ) {
		$object = get_post( (int) $item->object_id );
		if ( ! $object || 'publish' !== $object->post_status ) {
			return null;
		}
		$slug = $object->post_name;
	} elseif ( 'taxonomy' === $item->type ) {
		$term = get_term( (int) $item->object_id, $item->object );
		if ( ! $term instanceof WP_Term ) {
			return null;
		}
		$slug = $term->slug;
	}
	return array(
		'id'       => (int) $item->ID,
		'parent'   => (int) $item->menu_item_parent,
		'order'    => (int) $item->menu_order,
		'title'    => (string) $item->title,
		'url'      => (string) $item->url,
		'type'     => (string) $item->type,
		'object'   => (string) $item->object,
		'objectId' => (int) $item->object_id,
		'slug'     => (string) $slug,
		'target'   => '_blank' === $item->target ? '_blank' : '',
	);
}

/**
 * REST: every location of ours with its menu, or `menu: null` when none is assigned.
 *
 * @return WP_REST_Response List of {location, menu: {id, name} | null, items: [...]}.
 */
function lrjn_companion_rest_menus() {
	$assigned = get_nav_menu_locations();
	$out      = array();
	foreach ( array_keys( lrjn_companion_menu_locations() ) as $location ) {
		$menu_id = isset( $assigned[ $location ] ) ? (int) $assigned[ $location ] : 0;
		$menu    = $menu_id ? wp_get_nav_menu_object( $menu_id ) : false;
		$items   = array();
		if ( $menu ) {
			foreach ( (array) wp_get_nav_menu_items( $menu->term_id ) as $item ) {
				$json = $item instanceof WP_Post ? lrjn_companion_menu_item_json( $item ) : null;
				if ( $json ) {
					$items[] = $json;
				}
			}
		}
		$out[] = array(
			'location' => preg_replace( '/^lrjn-/', '', $location ),
			'menu'     => $menu ? array(
				'id'   => (int) $menu->term_id,
				'name' => (string) $menu->name,
			) : null,
			'items'    => $items,
		);
	}
	return new WP_REST_Response( $out );
}

/**
 * Registers GET /lrjn/v1/menus.
 */
function lrjn_companion_register_menus_route() {
	register_rest_route(
		'lrjn/v1',
		'/menus',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'lrjn_companion_rest_menus',
			'permission_callback' => '__return_true',
		)
	);
}
add_action( 'rest_api_init', 'lrjn_companion_register_menus_route' );

/*
 * Webhook: one message per request, whatever changed (a menu, an item, the location map); the site refreshes both
 * menus at once, so which one changed does not matter.
 */

/**
 * Queues `{"kind":"menu","action":"save","slug":"menus"}`.
 */
function lrjn_companion_queue_menus() {
	$queue         = &lrjn_companion_webhook_queue();
	// The nonce keeps two changes within one second from being the same signed body, which the site would refuse
	// as a replay (and count against this host's budget of refused calls).
	$queue['menu'] = array(
		'kind'   => 'menu',
		'action' => 'save',
		'slug'   => 'menus',
		'nonce'  => bin2hex( random_bytes( 8 ) ),
	);
	lrjn_companion_ensure_shutdown_hook();
}
add_action( 'wp_update_nav_menu', 'lrjn_companion_queue_menus' );
add_action( 'wp_delete_nav_menu', 'lrjn_companion_queue_menus' );
add_action( 'wp_update_nav_menu_item', 'lrjn_companion_queue_menus' );

/**
 * A menu item deleted (items are posts of type nav_menu_item).
 *
 * @param int          $post_id Post ID.
 * @param WP_Post|null $post    Post.
 */
function lrjn_companion_on_delete_menu_item( $post_id, $post = null ) {
	$post = $post instanceof WP_Post ? $post : get_post( $post_id );
	if ( $post && 'nav_menu_item' === $post->post_type ) {
		lrjn_companion_queue_menus();
	}
}
add_action( 'before_delete_post', 'lrjn_companion_on_delete_menu_item', 10, 2 );

/**
 * The location map changed (Manage locations, the Customizer or the REST API's `locations`).
 *
 * @param mixed $value     New value.
 * @param mixed $old_value Old value.
 * @return mixed
 */
function lrjn_companion_on_menu_locations( $value, $old_value ) {
	if ( $value !== $old_value ) {
		lrjn_companion_queue_menus();
	}
	return $value;
}
add_filter( 'pre_set_theme_mod_nav_menu_locations', 'lrjn_companion_on_menu_locations', 10, 2 );
