<?php
/**
 * Redirects for the headless site, managed in WordPress:
 *  - Settings → Site redirects: one rule per line, `<source path> <target> [301|302|307|308]` (308 when left out),
 *    the source a path on the site (`/old-page`), the target a path on the site or an https:// address;
 *  - `GET /lrjn/v1/redirects`: those rules, which the site's proxy applies;
 *  - `GET /lrjn/v1/old-slugs`: WordPress's own record of renamed posts (`_wp_old_slug`), so an old address answers
 *    with a 308 to the new one;
 *  - a revalidation webhook (`{"kind":"redirects","action":"save","slug":"redirects"}`) when the rules change.
 * A renamed post needs no message of its own: its save webhook carries `previousSlug`.
 *
 * Both answers are public: a redirect is visible to anyone who requests its source.
 *
 * @package LRJN_Companion
 */

defined( 'ABSPATH' ) || exit;

const LRJN_COMPANION_REDIRECTS_OPTION = 'lrjn_companion_redirects';
const LRJN_COMPANION_REDIRECTS_SLUG   = 'lrjn-site-redirects';
const LRJN_COMPANION_REDIRECTS_MAX    = 2000;

/**
 * Parses and validates the editor's text. Invalid lines are reported and left out.
 *
 * @param string $text One rule per line; `#` starts a comment line.
 * @return array{rules: array<int,array{source:string,target:string,status:int}>, errors: string[]}
 */
function lrjn_companion_parse_redirects( $text ) {
	$rules   = array();
	$errors  = array();
	$sources = array();
	foreach ( preg_split( '/\r\n|\r|\n/', (string) $text ) as $number => $line ) {
		$line = trim( $line );
		if ( '' === $line || '#' === $line[0] ) {
			continue;
		}
		$parts  = preg_split( '/\s+/', $line );
		$source = $parts[0];
		$target = isset( $parts[1] ) ? $parts[1] : '';
		$status = isset( $parts[2] ) ? (int) $parts[2] : 308;
		/* translators: %d: line number. */
		$where = sprintf( __( 'Line %d', 'lrjn-companion' ), $number + 1 );
		if ( count( $parts ) > 3 || ! preg_match( '#^/(?!/)[^\s?\#]*$#', $source ) ) {
			$errors[] = $where . ': ' . __( 'the source must be a path on the site, such as /old-page.', 'lrjn-companion' );
			continue;
		}
		if ( ! preg_match( '#^/(?!/)\S*$#', $target ) && ! preg_match( '#^https://[^/\s]+(/\S*)?$#i', $target ) ) {
			$errors[] = $where . ': ' . __( 'the target must be a path on the site (/new-page) or an https:// address.', 'lrjn-companion' );
			continue;
		}
		if ( ! in_array( $status, array( 301, 302, 307, 308 ), true ) ) {
			$errors[] = $where . ': ' . __( 'the status must be 301, 302, 307 or 308.', 'lrjn-companion' );
			continue;
		}
		$key = untrailingslashit( $source );
		if ( untrailingslashit( strtok( $target, '?#' ) ) === $key ) {
			$errors[] = $where . ': ' . __( 'the target is the source itself.', 'lrjn-companion' );
			continue;
		}
		if ( isset( $sources[ $key ] ) ) {
			$errors[] = $where . ': ' . __( 'this source already has a rule above.', 'lrjn-companion' );
			continue;
		}
		$sources[ $key ] = true;
		$rules[]         = array(
			'source' => $source,
			'target' => $target,
			'status' => $status,
		);
		if ( count( $rules ) >= LRJN_COMPANION_REDIRECTS_MAX ) {
			break;
		}
	}
	return array(
		'rules'  => $rules,
		'errors' => $errors,
	);
}

/**
 * The stored rules.
 *
 * @return array<int,array{source:string,target:string,status:int}>
 */
function lrjn_companion_redirect_rules() {
	$rules = get_option( LRJN_COMPANION_REDIRECTS_OPTION, array() );
	return is_array( $rules ) ? array_values( $rules ) : array();
}

/**
 * Sanitising callback of the option: accepts the textarea's text (or an already parsed list, e.g. from WP-CLI).
 *
 * @param mixed $value Submitted value.
 * @return array
 */
function lrjn_companion_sanitize_redirects( $value ) {
	if ( is_array( $value ) ) {
		$lines = array();
		foreach ( $value as $rule ) {
			if ( is_array( $rule ) && isset( $rule['source'], $rule['target'] ) ) {
				$lines[] = $rule['source'] . ' ' . $rule['target'] . ' ' . ( isset( $rule['status'] ) ? (int) $rule['status'] : 308 );
			}
		}
		$value = implode( "\n", $lines );
	}
	if ( ! is_string( $value ) ) {
		return lrjn_companion_redirect_rules();
	}
	$parsed = lrjn_companion_parse_redirects( wp_unslash( $value ) );
	foreach ( $parsed['errors'] as $i => $error ) {
		add_settings_error( LRJN_COMPANION_REDIRECTS_OPTION, 'invalid-rule-' . $i, $error );
	}
	return $parsed['rules'];
}

/**
 * Registers the option.
 */
function lrjn_companion_register_redirects_setting() {
	register_setting(
		'lrjn_companion_redirects',
		LRJN_COMPANION_REDIRECTS_OPTION,
		array(
			'type'              => 'array',
			'default'           => array(),
			'show_in_rest'      => false,
			'sanitize_callback' => 'lrjn_companion_sanitize_redirects',
		)
	);
}
add_action( 'admin_init', 'lrjn_companion_register_redirects_setting' );

/**
 * Adds Settings → Site redirects.
 */
function lrjn_companion_redirects_menu() {
	add_options_page(
		__( 'Site redirects', 'lrjn-companion' ),
		__( 'Site redirects', 'lrjn-companion' ),
		'manage_options',
		LRJN_COMPANION_REDIRECTS_SLUG,
		'lrjn_companion_render_redirects_page'
	);
}
add_action( 'admin_menu', 'lrjn_companion_redirects_menu' );

/**
 * The settings page: a textarea with the rules.
 */
function lrjn_companion_render_redirects_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$lines = array();
	foreach ( lrjn_companion_redirect_rules() as $rule ) {
		$lines[] = $rule['source'] . ' ' . $rule['target'] . ' ' . (int) $rule['status'];
	}
	?>
	<div class="wrap">
		<h1><?php esc_html_e( 'Site redirects', 'lrjn-companion' ); ?></h1>
		<p><?php esc_html_e( 'One rule per line: the old path on the website, the new path or an https:// address, and optionally the status (301, 302, 307 or 308; 308 when left out). Lines starting with # are comments. A renamed post needs no rule: its old address already leads to the new one.', 'lrjn-companion' ); ?></p>
		<p><code>/old-page /about 308</code><br><code>/appeal https://donate.example.org/appeal 302</code></p>
		<form method="post" action="options.php">
			<?php settings_fields( 'lrjn_companion_redirects' ); ?>
			<label for="lrjn-redirects" class="screen-reader-text"><?php esc_html_e( 'Redirect rules', 'lrjn-companion' ); ?></label>
			<textarea id="lrjn-redirects" name="<?php echo esc_attr( LRJN_COMPANION_REDIRECTS_OPTION ); ?>" rows="16" class="large-text code"><?php echo esc_textarea( implode( "\n", $lines ) ); ?></textarea>
			<?php submit_button(); ?>
		</form>
	</div>
	<?php
}

/**
 * REST: the rules.
 *
 * @return WP_REST_Response
 */
function lrjn_companion_rest_redirects() {
	return new WP_REST_Response( lrjn_companion_redirect_rules() );
}

/**
 * REST (administrators): replaces the rules with the given text, as the settings page does.
 *
 * @param WP_REST_Request $request Request with `rules` (the text).
 * @return WP_REST_Response {rules, errors}; 400 when a line is invalid (nothing is saved then).
 */
function lrjn_companion_rest_save_redirects( $request ) {
	$parsed = lrjn_companion_parse_redirects( (string) $request->get_param( 'rules' ) );
	if ( ! empty( $parsed['errors'] ) ) {
		return new WP_REST_Response( $parsed, 400 );
	}
	update_option( LRJN_COMPANION_REDIRECTS_OPTION, $parsed['rules'], false );
	return new WP_REST_Response( $parsed );
}

/**
 * REST: old slugs of published posts of the site's post types, newest rename first.
 *
 * @return WP_REST_Response List of {type, from, to}.
 */
function lrjn_companion_rest_old_slugs() {
	global $wpdb;
	$types = array_values( array_diff( lrjn_companion_webhook_post_types(), array( 'page', 'attachment' ) ) );
	if ( empty( $types ) ) {
		return new WP_REST_Response( array() );
	}
	$placeholders = implode( ',', array_fill( 0, count( $types ), '%s' ) );
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
	$rows = $wpdb->get_results(
		$wpdb->prepare(
			"SELECT p.post_type, p.post_name, m.meta_value FROM {$wpdb->postmeta} m INNER JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE m.meta_key = '_wp_old_slug' AND p.post_status = 'publish' AND p.post_type IN ($placeholders) ORDER BY m.meta_id DESC LIMIT 5000",
			$types
		)
	);
	$out = array();
	foreach ( (array) $rows as $row ) {
		if ( '' !== (string) $row->meta_value && $row->meta_value !== $row->post_name ) {
			$out[] = array(
				'type' => (string) $row->post_type,
				'from' => (string) $row->meta_value,
				'to'   => (string) $row->post_name,
			);
		}
	}
	return new WP_REST_Response( $out );
}

/**
 * Registers GET /lrjn/v1/redirects and GET /lrjn/v1/old-slugs.
 */
function lrjn_companion_register_redirects_routes() {
	register_rest_route(
		'lrjn/v1',
		'/redirects',
		array(
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => 'lrjn_companion_rest_redirects',
				'permission_callback' => '__return_true',
			),
			array(
				'methods'             => WP_REST_Server::EDITABLE,
				'callback'            => 'lrjn_companion_rest_save_redirects',
				'permission_callback' => static function () {
					return current_user_can( 'manage_options' );
				},
				'args'                => array(
					'rules' => array(
						'type'     => 'string',
						'required' => true,
					),
				),
			),
		)
	);
	register_rest_route(
		'lrjn/v1',
		'/old-slugs',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'lrjn_companion_rest_old_slugs',
			'permission_callback' => '__return_true',
		)
	);
}
add_action( 'rest_api_init', 'lrjn_companion_register_redirects_routes' );

/**
 * Queues the redirects webhook when the rules change.
 */
function lrjn_companion_queue_redirects() {
	$queue                = &lrjn_companion_webhook_queue();
	// A nonce, as for menus (includes/menus.php): two saves within one second are two different bodies.
	$queue['redirects'] = array(
		'kind'   => 'redirects',
		'action' => 'save',
		'slug'   => 'redirects',
		'nonce'  => bin2hex( random_bytes( 8 ) ),
	);
	lrjn_companion_ensure_shutdown_hook();
}
add_action( 'add_option_' . LRJN_COMPANION_REDIRECTS_OPTION, 'lrjn_companion_queue_redirects' );
add_action( 'update_option_' . LRJN_COMPANION_REDIRECTS_OPTION, 'lrjn_companion_queue_redirects' );
add_action( 'delete_option_' . LRJN_COMPANION_REDIRECTS_OPTION, 'lrjn_companion_queue_redirects' );
