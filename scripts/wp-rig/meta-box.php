<?php
/**
 * Submits the companion plugin's event/report meta box (wordpress/lrjn-companion/includes/meta-boxes.php) on the
 * running rig as the block editor's meta-box form would: $_POST holds the box's fields and nonce, the post is
 * updated, and WordPress runs save_post_{type}. For the integration tests (tests/integration/wordpress.test.ts).
 *
 *   php meta-box.php save <events|reports> <slug> <admin|subscriber> <valid|bad|none>   fields as JSON on stdin
 *       creates the published post <slug> when missing, then submits the box as that user with that nonce;
 *       prints JSON { id, enabled, html } (html: the box as the admin sees it after the save)
 *   php meta-box.php attachments      prints JSON { pdf: <ID of a PDF attachment>, image: <ID of an image> }
 *   php meta-box.php delete <slug>…   deletes those events/reports for good
 *
 * Needs WP_RIG_PORT and WP_RIG_CONFIG_FILE (<state>/wp-config-rig.php) in the environment.
 */

require __DIR__ . '/bootstrap.php';
require wprig_wp_load();

wprig_block_http();

$wprig_command = $argv[1] ?? '';

if ( 'attachments' === $wprig_command ) {
	$wprig_find = static function ( $mime ) {
		$found = get_posts(
			array(
				'post_type'      => 'attachment',
				'post_mime_type' => $mime,
				'post_status'    => 'inherit',
				'posts_per_page' => 1,
				'fields'         => 'ids',
			)
		);
		return $found ? (int) $found[0] : 0;
	};
	echo wp_json_encode(
		array(
			'pdf'   => $wprig_find( 'application/pdf' ),
			'image' => $wprig_find( 'image' ),
		)
	) . "\n";
	exit( 0 );
}

if ( 'delete' === $wprig_command ) {
	foreach ( array_slice( $argv, 2 ) as $wprig_slug ) {
		foreach ( get_posts( array( 'post_type' => array( 'events', 'reports' ), 'name' => $wprig_slug, 'post_status' => 'any', 'posts_per_page' => -1 ) ) as $wprig_post ) {
			wp_delete_post( $wprig_post->ID, true );
		}
	}
	exit( 0 );
}

if ( 'save' !== $wprig_command || $argc < 6 ) {
	wprig_fail( 'usage: meta-box.php save <events|reports> <slug> <admin|subscriber> <valid|bad|none> < fields.json | attachments | delete <slug>...' );
}

list( , , $wprig_type, $wprig_slug, $wprig_as, $wprig_nonce ) = $argv;
if ( ! in_array( $wprig_type, array( 'events', 'reports' ), true ) ) {
	wprig_fail( "meta-box.php: unknown post type $wprig_type" );
}
$wprig_fields = json_decode( (string) stream_get_contents( STDIN ), true );
if ( ! is_array( $wprig_fields ) ) {
	wprig_fail( 'meta-box.php: the fields on stdin are not a JSON object' );
}

$wprig_admin = get_user_by( 'login', 'admin' );
wp_set_current_user( $wprig_admin->ID );
$wprig_existing = get_posts( array( 'post_type' => $wprig_type, 'name' => $wprig_slug, 'post_status' => 'any', 'posts_per_page' => 1 ) );
$wprig_id       = $wprig_existing ? (int) $wprig_existing[0]->ID : (int) wp_insert_post(
	array(
		'post_type'    => $wprig_type,
		'post_status'  => 'publish',
		'post_name'    => $wprig_slug,
		'post_title'   => ucwords( str_replace( '-', ' ', $wprig_slug ) ),
		'post_content' => '<p>Created by scripts/wp-rig/meta-box.php.</p>',
	),
	true
);
if ( ! $wprig_id ) {
	wprig_fail( "meta-box.php: cannot create $wprig_type $wprig_slug" );
}

if ( 'subscriber' === $wprig_as ) {
	$wprig_user = get_user_by( 'login', 'wprig-subscriber' );
	if ( ! $wprig_user ) {
		$wprig_new  = wp_insert_user(
			array(
				'user_login' => 'wprig-subscriber',
				'user_pass'  => wp_generate_password( 24 ),
				'user_email' => 'subscriber@example.org',
				'role'       => 'subscriber',
			)
		);
		$wprig_user = get_user_by( 'id', $wprig_new );
	}
	wp_set_current_user( $wprig_user->ID );
}

$wprig_box = 'events' === $wprig_type ? 'event' : 'report';
$_POST     = array(
	'post_ID'           => $wprig_id,
	'lrjn_' . $wprig_box => wp_slash( array_map( 'strval', $wprig_fields ) ),
);
if ( 'valid' === $wprig_nonce ) {
	$_POST[ 'lrjn_' . $wprig_box . '_nonce' ] = wp_create_nonce( lrjn_companion_meta_box_nonce_action( $wprig_box, $wprig_id ) );
} elseif ( 'bad' === $wprig_nonce ) {
	$_POST[ 'lrjn_' . $wprig_box . '_nonce' ] = 'not-a-nonce';
}
$_SERVER['REQUEST_METHOD'] = 'POST';

// What post.php does with the form: update the post, which runs save_post_{type} and save_post.
wp_update_post( array( 'ID' => $wprig_id ) );

wp_set_current_user( $wprig_admin->ID );
ob_start();
$wprig_render = 'event' === $wprig_box ? 'lrjn_companion_render_event_meta_box' : 'lrjn_companion_render_report_meta_box';
$wprig_render( get_post( $wprig_id ) );
$wprig_html = (string) ob_get_clean();

echo wp_json_encode(
	array(
		'id'      => $wprig_id,
		'enabled' => lrjn_companion_meta_boxes_enabled(),
		'html'    => $wprig_html,
	)
) . "\n";
